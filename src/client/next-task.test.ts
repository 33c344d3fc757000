import { describe, expect, it } from 'vitest';
import { afterFrame, nextTask, type FrameSource } from './next-task.ts';

/** A page whose frames and timers run only when the test says so. */
function fakePage() {
  const frames: (() => void)[] = [];
  const timers = new Map<number, () => void>();
  let nextId = 1;
  const source: FrameSource = {
    requestAnimationFrame: (cb) => frames.push(cb),
    setTimeout: (cb) => {
      const id = nextId++;
      timers.set(id, cb);
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  return {
    source,
    drawFrame: () => frames.splice(0).forEach((cb) => cb()),
    fireTimers: () => [...timers.values()].forEach((cb) => cb()),
    pendingTimers: () => timers.size,
  };
}

const settles = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  // several turns: the frame callback posts a message before resolving
  for (let i = 0; i < 5; i++) await nextTask();
  return done;
};

/** afterFrame on a fake page, checked to be still waiting before the test draws a frame or fires the timer. */
async function waitingOn() {
  const page = fakePage();
  const waiting = afterFrame(100, page.source);
  expect(await settles(waiting)).toBe(false);
  return { page, waiting };
}

describe('afterFrame', () => {
  it('waits for the next frame, then resolves on a later task and drops its timer', async () => {
    const { page, waiting } = await waitingOn();
    page.drawFrame();
    expect(await settles(waiting)).toBe(true);
    expect(page.pendingTimers()).toBe(0);
  });

  it('resolves after its longest wait when no frame comes (a hidden tab)', async () => {
    const { page, waiting } = await waitingOn();
    page.fireTimers();
    expect(await settles(waiting)).toBe(true);
    // a frame drawn later changes nothing
    page.drawFrame();
    expect(await settles(waiting)).toBe(true);
  });

  it('is the next task where there are no frames (Node)', async () => {
    expect(await settles(afterFrame(100, undefined))).toBe(true);
  });
});
