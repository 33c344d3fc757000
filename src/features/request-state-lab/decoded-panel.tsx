import { useMemo } from 'react';
import { decodeRequestState } from '../../protocol/request-state/decode-request-state.ts';
import type { DecodedView } from '../../protocol/request-state/decoded-view.ts';
import { viewExpiry } from '../../protocol/request-state/decoded-view.ts';
import { ExpiryCountdown } from './expiry-countdown.tsx';
import { useTickingClock } from '../../lib/use-ticking-clock.ts';

export interface DecodedPanelProps {
  value: string;
  /** Fixed time in ms (tests); live ticking clock when absent. */
  now?: number;
}

function DecodedViewCard({ view, now }: { view: DecodedView; now: number }) {
  const exp = viewExpiry(view);
  return (
    <section aria-label={view.label} className="rounded border p-2">
      <h4 className="font-semibold">
        {view.label} <span className="text-xs font-normal text-gray-600">(confidence: {view.confidence})</span>
      </h4>
      {exp && <ExpiryCountdown exp={exp} now={now} />}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm">
        {view.fields.map((f, i) => (
          <div key={`${f.name}-${i}`} className="contents">
            <dt className="font-mono text-gray-600">{f.name}</dt>
            <dd className="font-mono break-all whitespace-pre-wrap">{f.value}</dd>
          </div>
        ))}
      </dl>
      {view.notes.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-xs text-gray-700">
          {view.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every decoder's guess about the token, marked best effort; decoding is memoised on the token (and decode time). */
export function DecodedPanel({ value, now: fixedNow }: DecodedPanelProps) {
  // a fixed time (tests, replays) stops the clock
  const ticking = useTickingClock(1000, { enabled: fixedNow === undefined });
  const now = fixedNow ?? ticking;
  // Countdowns recompute from `now` every tick; the (O(n)) decode reruns only per token and per minute of clock.
  const decodedAt = fixedNow ?? Math.floor(now / 60_000) * 60_000;
  const views = useMemo(() => decodeRequestState(value, decodedAt), [value, decodedAt]);
  return (
    <div className="flex flex-col gap-2">
      <p className="rounded bg-yellow-50 px-2 py-1 text-sm">
        <strong>Best effort:</strong> these are guesses from the token&apos;s shape. The spec makes requestState opaque;
        the server&apos;s own reading is the only true one, and signatures cannot be checked without its key.
      </p>
      {views.map((view, i) => (
        <DecodedViewCard key={`${view.kind}-${i}`} view={view} now={now} />
      ))}
    </div>
  );
}
