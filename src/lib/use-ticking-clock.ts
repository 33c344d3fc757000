import { useEffect, useState } from 'react';

/**
 * The current time in ms (from `now`, default `Date.now`), redrawn every `everyMs` while `enabled`; disabled, there is
 * no timer at all. The one ticking clock of the app: countdowns, elapsed times and expiry views all read it.
 */
export function useTickingClock(everyMs: number, opts: { enabled?: boolean; now?: () => number } = {}): number {
  const { enabled = true, now = Date.now } = opts;
  const [at, setAt] = useState(now);
  useEffect(() => {
    if (!enabled) return undefined;
    setAt(now());
    const id = setInterval(() => setAt(now()), everyMs);
    return () => clearInterval(id);
  }, [enabled, everyMs, now]);
  return at;
}
