import { useState, type ReactNode } from 'react';
import type { SseEventRecord } from '../../protocol/exchange.ts';
import { groupDigits } from '../../lib/text.ts';

/** SSE events rendered at once; "Show more" adds as many again (a 32 MB stream holds hundreds of large events). */
export const SSE_EVENTS_PAGE = 50;
/** Raw characters of one event shown before its "Show all" (a page of 64 KiB events laid out whole took seconds). */
export const SSE_EVENT_CHARS = 500;

/** The SSE events of a leg, the first page first, each event's body rendered by `body`. */
export function SseEventList({
  events,
  body,
}: {
  events: readonly SseEventRecord[];
  body: (event: SseEventRecord, index: number) => ReactNode;
}) {
  const [shown, setShown] = useState(SSE_EVENTS_PAGE);
  const rest = events.length - shown;
  return (
    <div className="space-y-1">
      <ol aria-label="SSE events" className="space-y-1">
        {events.slice(0, shown).map((ev, i) => (
          <li key={i} className="rounded border border-slate-200 p-1">
            <p className="text-xs text-slate-500">
              +{Math.round(ev.at)} ms {ev.event ? `event: ${ev.event}` : ''}
            </p>
            {body(ev, i)}
          </li>
        ))}
      </ol>
      {rest > 0 && (
        <p className="flex items-center gap-2 text-xs text-slate-600">
          Showing {shown} of {groupDigits(events.length)} events.
          <button
            type="button"
            className="rounded bg-slate-200 px-1 text-slate-900 underline"
            onClick={() => setShown((n) => n + SSE_EVENTS_PAGE)}
          >
            Show {Math.min(SSE_EVENTS_PAGE, rest)} more
          </button>
        </p>
      )}
    </div>
  );
}
