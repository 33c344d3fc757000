import type { Clock } from './clock.ts';

export interface ManualClock extends Clock {
  /**
   * Moves time forward by `ms`, waking each sleeper whose time has come, earliest first; after each wake-up it yields
   * to the event loop once (`setImmediate`), so the woken code runs and can sleep again within the same advance.
   */
  advance(ms: number): Promise<void>;
  /** How many sleeps are waiting. */
  readonly sleeping: number;
}

interface Sleeper {
  due: number;
  wake: () => void;
}

/** A clock that moves only when the test says so (for the mock server: `startMockServer({ clock })`). */
export function createManualClock(start = Date.UTC(2026, 6, 28, 9, 0, 0)): ManualClock {
  let now = start;
  const sleepers = new Set<Sleeper>();
  const yieldOnce = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const sleeper: Sleeper = {
          due: now + Math.max(0, ms),
          wake: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          sleepers.delete(sleeper);
          reject(signal!.reason);
        };
        sleepers.add(sleeper);
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    async advance(ms) {
      const target = now + ms;
      for (;;) {
        let next: Sleeper | undefined;
        for (const s of sleepers) if (s.due <= target && (!next || s.due < next.due)) next = s;
        if (!next) break;
        sleepers.delete(next);
        now = Math.max(now, next.due);
        next.wake();
        await yieldOnce();
      }
      now = target;
      await yieldOnce();
    },
    get sleeping() {
      return sleepers.size;
    },
  };
}
