import { describe, expect, it } from 'vitest';
import { runInLongIdle, type IdleWindow } from './long-idle.ts';

/** A window whose idle periods the test hands out one at a time. */
function fakeIdle() {
  const waiting: { cb: IdleRequestCallback; timeout: number }[] = [];
  const win = {
    requestIdleCallback: (cb: IdleRequestCallback, opts?: IdleRequestOptions) => {
      waiting.push({ cb, timeout: opts?.timeout ?? 0 });
      return waiting.length;
    },
    setTimeout: (fn: () => void) => (fn(), 0),
  } as unknown as IdleWindow;
  const period = async (ms: number, didTimeout = false) => {
    const due = waiting.splice(0);
    for (const w of due) w.cb({ didTimeout, timeRemaining: () => ms });
    await new Promise((r) => setTimeout(r, 0)); // the step's promise chain
  };
  return { win, period, waiting };
}

describe('runInLongIdle', () => {
  it('runs each step only in a long idle period, one per period, in order', async () => {
    const { win, period } = fakeIdle();
    const ran: string[] = [];
    runInLongIdle([() => ran.push('a'), () => ran.push('b')], win);
    await period(12); // a gap between two scrolled frames
    await period(16);
    expect(ran).toEqual([]);
    await period(49.9); // nothing being drawn
    expect(ran).toEqual(['a']);
    await period(8);
    expect(ran).toEqual(['a']);
    await period(50);
    expect(ran).toEqual(['a', 'b']);
  });

  it('waits for a step to settle before the next, and goes on after one fails', async () => {
    const { win, period, waiting } = fakeIdle();
    let finish!: () => void;
    const ran: string[] = [];
    runInLongIdle(
      [
        () => new Promise<void>((r) => (finish = r)),
        () => Promise.reject(new Error('chunk failed')),
        () => ran.push('c'),
      ],
      win,
    );
    await period(50);
    expect(waiting).toHaveLength(0); // the first step is still loading
    finish();
    await new Promise((r) => setTimeout(r, 0));
    await period(50);
    await period(50);
    expect(ran).toEqual(['c']);
  });

  it('runs in any idle period once the browser says the give-up time passed', async () => {
    const { win, period, waiting } = fakeIdle();
    let t = 0;
    const ran: string[] = [];
    runInLongIdle([() => ran.push('a')], win, 30_000, () => t);
    expect(waiting[0]?.timeout).toBe(30_000);
    t = 20_000;
    await period(5);
    expect(waiting[0]?.timeout).toBe(10_000); // asked again with what is left
    await period(5, true);
    expect(ran).toEqual(['a']);
  });
});
