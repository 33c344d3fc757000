import { elapsedText, useElapsed } from './use-elapsed.ts';

/**
 * "3.2 s" since `since`, ticking every 100 ms: a component of its own so only this text is redrawn, not the row or
 * panel around it. It stops (unmounts) when the parent stops showing it.
 */
export function ElapsedTime({ since }: { since: number }) {
  return <>{elapsedText(useElapsed(since) ?? 0)}</>;
}
