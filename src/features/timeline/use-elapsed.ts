import { useTickingClock } from '../../lib/use-ticking-clock.ts';

/** How often a running elapsed time is redrawn. */
const ELAPSED_TICK_MS = 100;

/**
 * Milliseconds since `since` (ms epoch), redrawn every 100 ms while `since` is set; with `since` undefined there is no
 * timer at all and it returns undefined. `now` is injectable for tests.
 */
export function useElapsed(since: number | undefined, now: () => number = Date.now): number | undefined {
  const at = useTickingClock(ELAPSED_TICK_MS, { enabled: since !== undefined, now });
  return since === undefined ? undefined : Math.max(0, at - since);
}

/** "3.2 s" (one decimal, so the tenths visibly tick). */
export function elapsedText(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
