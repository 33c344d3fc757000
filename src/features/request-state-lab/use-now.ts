import { useEffect, useState } from 'react';

/** The current time in ms, ticking every `intervalMs`; a fixed `now` (tests, replays) disables the ticking. */
export function useNow(fixed?: number, intervalMs = 1000): number {
  const [now, setNow] = useState(() => fixed ?? Date.now());
  useEffect(() => {
    if (fixed !== undefined) return undefined;
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [fixed, intervalMs]);
  return fixed ?? now;
}
