import { useMemo } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { JsonText } from '../../components/ui/json-text.tsx';
import { timeOfDay } from './format.ts';
import { ElapsedTime } from './elapsed-time.tsx';

export interface InFlightLegProps {
  /** "<conversation title> · round <n>" of the leg on its way */
  title: string;
  method: string;
  /** ms epoch: when the leg was sent */
  sentAt: number;
  /** the request as composed from the conversation's draft (absent when there is no draft to compose) */
  body?: string;
  url?: string;
  /** abort the HTTP request */
  onStop?: () => void;
}

/**
 * The leg panel while a leg is in flight: no answer is recorded yet, so instead of another leg's data it says what
 * was sent and how long ago (ticking until the answer arrives), and offers to stop waiting.
 */
export function InFlightLeg({ title, method, sentAt, body, url, onStop }: InFlightLegProps) {
  const pretty = useMemo(() => (body === undefined ? undefined : prettyJson(body)), [body]);
  return (
    <section aria-label="Leg in flight" className="space-y-2">
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        <Badge tone="warn">
          in flight <ElapsedTime since={sentAt} />
        </Badge>
        {onStop && (
          <Button variant="ghost" onClick={onStop}>
            Stop waiting
          </Button>
        )}
      </header>
      <p className="text-xs text-slate-700">
        Leg in flight: sent <span className="font-mono">{method}</span> <ElapsedTime since={sentAt} /> ago (at{' '}
        {timeOfDay(sentAt)}){url ? ' to ' : ''}
        {url && <span className="font-mono break-all">{url}</span>}. The recorded exchange (headers, response, timings)
        replaces this panel when the answer arrives.
      </p>
      {pretty !== undefined && <JsonText value={pretty} label="Request body in flight" />}
    </section>
  );
}

/** The body pretty-printed when it is JSON, as it is otherwise (a hand-edited body may not be). */
function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body) as unknown, null, 2);
  } catch {
    return body;
  }
}
