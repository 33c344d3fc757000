import { useTickingClock } from '../../lib/use-ticking-clock.ts';

/** "Next retry in 0.2 s (reason)": ticks while a run waits, so the user sees why nothing is happening yet. */
export function Countdown({ until, reason }: { until: number; reason: string }) {
  const now = useTickingClock(50);
  const left = Math.max(0, until - now);
  const text = left >= 10_000 ? `${Math.ceil(left / 1000)} s` : `${(left / 1000).toFixed(1)} s`;
  return (
    <p role="timer" aria-label="Wait before the next leg" className="text-sm font-medium text-sky-900">
      Next leg in {text}: {reason}
    </p>
  );
}
