import type { Leg } from '../../session/model.ts';
import { JsonText } from '../../components/ui/json-text.tsx';

interface SentSummaryProps {
  /** e.g. "Round 2 went out at once (Accept and send)" */
  label: string;
  /** the request body exactly as sent */
  body: string;
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** A leg sent without holding it: what went out stays in view under the composer until the next send. */
function SentSummary({ label, body }: SentSummaryProps) {
  return (
    <details className="rounded border border-slate-200 bg-white p-2" aria-label="What went out">
      <summary className="cursor-pointer text-xs font-semibold text-slate-700">{label}: what went out</summary>
      <JsonText value={pretty(body)} label="Request body that was sent" />
    </details>
  );
}

/** The summary for a run note that says a leg went out at once (null for any other note). */
export function sentSummaryOf(
  note: { kind: string; message: string; legId?: string } | undefined,
  legs: Record<string, Leg>,
) {
  const body = note?.kind === 'sent' && note.legId ? legs[note.legId]?.exchange.request.body : undefined;
  return body === undefined || !note ? null : <SentSummary label={note.message} body={body} />;
}
