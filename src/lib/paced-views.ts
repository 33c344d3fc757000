import { startTransition, useDeferredValue, useEffect, useRef, useState } from 'react';
import { afterFrame } from '../client/next-task.ts';

/**
 * Paced views: the one place where the page schedules its rendering across frames. A change of the store (a call's
 * answer, an Accept, an import) reaches a screen in three steps, so the frame that follows what the user did paints
 * that (the Result, the first question, the focus move) and the heavy views paint after it:
 *
 * 1. `now` (the state passed in), at once: what the user acted on, and what a click in the list selects.
 * 2. `list`, one deferred render later (React's `useDeferredValue`): what the list is built from (its rows, filter and
 *    flat items take 20-30 ms with 10,000 legs), so a click that changes one conversation paints its own update first.
 * 3. `detail`, after that deferred render and one painted frame (`afterFrame`), at most once per frame and then the
 *    latest: the views mounted for the selection (the conversation's waterfall, the leg inspector). A change that
 *    leaves `session` as it was (a click that only selects) shows at once.
 *
 * Nothing else in the page defers a value or waits for a frame to render: new pacing belongs here. `wait` is
 * `afterFrame` (a fake in tests).
 */
export function usePacedViews<S extends { session: unknown }>(
  now: S,
  wait: () => Promise<void> = afterFrame,
): { list: S; detail: S } {
  const list = useDeferredValue(now);
  const followed = useAfterFrame(list, wait);
  return { list, detail: followed.session === now.session ? now : followed };
}

/** `value`, shown one painted frame after it changes, and at most once per frame (the latest of what came meanwhile). */
function useAfterFrame<T>(value: T, wait: () => Promise<void>): T {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const waiting = useRef(false);
  useEffect(() => {
    if (Object.is(latest.current, value)) return;
    latest.current = value;
    if (waiting.current) return;
    waiting.current = true;
    void wait().then(() => {
      waiting.current = false;
      // after an unmount React ignores the update
      startTransition(() => setShown(() => latest.current));
    });
  }, [value, wait]);
  return shown;
}
