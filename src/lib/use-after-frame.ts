import { startTransition, useEffect, useRef, useState } from 'react';
import { afterFrame } from '../client/next-task.ts';

/**
 * `value`, shown one painted frame after it changes, and at most once per frame (changes that come while it waits are
 * shown together, the latest): the part of the page that renders it paints after the frame that shows what the user
 * acted on, instead of adding its work to that frame. `wait` is `afterFrame` (a fake in tests).
 */
export function useAfterFrame<T>(value: T, wait: () => Promise<void> = afterFrame): T {
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
