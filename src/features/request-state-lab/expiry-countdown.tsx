import type { ExpiryInfo } from '../../protocol/request-state/decoded-view.ts';
import { formatRemaining } from '../../protocol/request-state/expiry.ts';
import { localDateTime } from '../../lib/text.ts';

/** "exp: <date> (in 4m 12s)", recomputed from `now` (ms) so it counts down live. */
export function ExpiryCountdown({ exp, now }: { exp: ExpiryInfo; now: number }) {
  const remaining = exp.unixSeconds - Math.floor(now / 1000);
  const expired = remaining < 0;
  return (
    <p className={`text-sm ${expired ? 'font-semibold text-red-700' : 'text-gray-800'}`}>
      <span>Expires {exp.date ? localDateTime(exp.date.getTime()) : `at Unix time ${exp.unixSeconds}`}</span>{' '}
      <span aria-label="time remaining">({formatRemaining(remaining)})</span>
    </p>
  );
}
