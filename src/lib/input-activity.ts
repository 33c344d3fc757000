/**
 * Background work that yields to the user. Scrolling, wheel, touch and key input mark the page busy; `whenQuiet`
 * resolves once no such input came for `quietMs`, or at the latest `maxWaitMs` after it was called, so background
 * work still moves during input that never stops (it then says so, and the work takes a small step).
 *
 * Why: autosave serialises every new leg (33 MB of JSON after importing a 10,000-leg session). Spread over idle time
 * it never blocks a frame by itself, but the garbage it makes while the user flings through the timeline brings
 * garbage-collection pauses into the scroll frames. Waiting for a pause in the input keeps them out (the benchmark's
 * scroll figure, e2e/bench).
 */
import { sleep } from './sleep.ts';

export interface QuietGate {
  /**
   * resolves when the user has paused (true), or after the longest wait while the input goes on (false: do as
   * little as will still make progress)
   */
  whenQuiet(): Promise<boolean>;
}

export interface InputActivity extends QuietGate {
  dispose(): void;
}

/** Input that drives frame-heavy work (pointer moves alone do not). */
const BUSY_EVENTS = ['scroll', 'wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

export interface InputActivityOptions {
  /** how long without input counts as a pause, ms */
  quietMs?: number;
  /** the longest `whenQuiet` waits, ms */
  maxWaitMs?: number;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
}

export function createInputActivity(target: EventTarget, opts: InputActivityOptions = {}): InputActivity {
  const quietMs = opts.quietMs ?? 250;
  const maxWaitMs = opts.maxWaitMs ?? 2_000;
  const now = opts.now ?? (() => performance.now());
  const wait = opts.wait ?? ((ms: number) => sleep(ms));
  let last = -Infinity;
  const mark = () => {
    last = now();
  };
  // capture: scroll events of inner scroll boxes do not bubble, but they pass the window on the way down
  const listen = { capture: true, passive: true } as const;
  for (const type of BUSY_EVENTS) target.addEventListener(type, mark, listen);
  return {
    async whenQuiet() {
      const start = now();
      for (;;) {
        const t = now();
        const sinceInput = t - last;
        const waited = t - start;
        if (sinceInput >= quietMs) return true;
        if (waited >= maxWaitMs) return false;
        await wait(Math.min(quietMs - sinceInput, maxWaitMs - waited));
      }
    },
    dispose() {
      for (const type of BUSY_EVENTS) target.removeEventListener(type, mark, listen);
    },
  };
}
