import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** how long typing must pause before an edit reaches the store (and every view of the session re-renders) */
export const COMMIT_DELAY_MS = 300;

/**
 * A value edited here and committed to its owner later: each edit is shown at once (`value`), but `commit` runs only
 * after COMMIT_DELAY_MS without edits, or at once on `flush` (blur, before a send) and on unmount. A value changed
 * by the owner (a reset, the lab, a new leg) replaces the local one and drops what was pending.
 */
export function usePendingCommit<T>(
  owner: T,
  commit: (value: T) => void,
  delayMs = COMMIT_DELAY_MS,
): { value: T; set: (value: T) => void; flush: () => void } {
  const [local, setLocal] = useState(owner);
  const [seen, setSeen] = useState(owner);
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(commit);
  useEffect(() => {
    latest.current = commit;
  });
  if (owner !== seen) {
    setSeen(owner);
    if (owner !== local) setLocal(owner);
  }
  // the owner moved on: what was pending is stale (our own commit arrives with pending already cleared)
  useLayoutEffect(() => {
    pending.current = null;
    clearTimeout(timer.current);
  }, [owner]);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const p = pending.current;
    pending.current = null;
    if (p) latest.current(p.value);
  }, []);
  const set = useCallback(
    (value: T) => {
      setLocal(value);
      pending.current = { value };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [flush, delayMs],
  );
  useEffect(() => flush, [flush]);
  return { value: local, set, flush };
}
