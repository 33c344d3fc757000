import { describe, expect, it } from 'vitest';
import { createInputActivity } from './input-activity.ts';

/** A clock that only moves when the gate waits, and records each wait. */
function fakeClock() {
  let t = 1_000;
  const waits: number[] = [];
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
    wait: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
    waits,
  };
}

describe('input activity gate', () => {
  it('resolves at once when there was no input', async () => {
    const clock = fakeClock();
    const gate = createInputActivity(new EventTarget(), { quietMs: 250, now: clock.now, wait: clock.wait });
    expect(await gate.whenQuiet()).toBe(true);
    expect(clock.waits).toEqual([]);
  });

  it('waits out the rest of the quiet time after a scroll', async () => {
    const clock = fakeClock();
    const target = new EventTarget();
    const gate = createInputActivity(target, { quietMs: 250, now: clock.now, wait: clock.wait });
    target.dispatchEvent(new Event('scroll'));
    clock.advance(100);
    expect(await gate.whenQuiet()).toBe(true);
    expect(clock.waits).toEqual([150]);
  });

  it('gives up waiting after the longest wait when the input never pauses', async () => {
    const clock = fakeClock();
    const target = new EventTarget();
    const gate = createInputActivity(target, {
      quietMs: 250,
      maxWaitMs: 600,
      now: clock.now,
      // input arrives during every wait
      wait: async (ms) => {
        clock.waits.push(ms);
        clock.advance(ms);
        target.dispatchEvent(new Event('wheel'));
      },
    });
    target.dispatchEvent(new Event('keydown'));
    // false: the input has not paused, the caller should do only a small step
    expect(await gate.whenQuiet()).toBe(false);
    expect(clock.waits.reduce((a, b) => a + b, 0)).toBe(600);
  });

  it('ignores input after dispose', async () => {
    const clock = fakeClock();
    const target = new EventTarget();
    const gate = createInputActivity(target, { now: clock.now, wait: clock.wait });
    gate.dispose();
    target.dispatchEvent(new Event('scroll'));
    await gate.whenQuiet();
    expect(clock.waits).toEqual([]);
  });
});
