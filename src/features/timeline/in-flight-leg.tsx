import { useMemo } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { JsonText } from '../../components/ui/json-text.tsx';
import type { LiveSseEvent } from '../../protocol/exchange.ts';
import { groupDigits, timeOfDay } from '../../lib/text.ts';
import { ElapsedTime } from './elapsed-time.tsx';
import type { LiveProgress } from './live-notifications.ts';
import { useLiveView } from './use-live-view.ts';
import { CutText } from '../../components/ui/cut-text.tsx';

/**
 * Characters of one log message shown while the leg is in flight ("Show all" renders the rest; the recorded leg has
 * it whole): 200 lines of 2,000 characters made a 75-133 ms layout on every batch of a 32 MB stream.
 */
export const LIVE_LOG_CHARS = 200;

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
  /** SSE events of this leg received so far (progress, log messages), in order of arrival */
  events?: readonly LiveSseEvent[];
}

/**
 * The leg panel while a leg is in flight: no answer is recorded yet, so instead of another leg's data it says what
 * was sent and how long ago (ticking until the answer arrives), and offers to stop waiting.
 */
export function InFlightLeg({ title, method, sentAt, body, url, onStop, events }: InFlightLegProps) {
  const pretty = useMemo(() => (body === undefined ? undefined : prettyJson(body)), [body]);
  const live = useLiveView(events);
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
      {live && (
        <div className="space-y-1">
          <p className="text-xs text-slate-600">
            Streaming: {live.eventCount} event{live.eventCount === 1 ? '' : 's'} received so far.
          </p>
          {live.progress && <ProgressBar progress={live.progress} />}
          {live.logCount > live.logs.length && (
            <p className="text-xs text-slate-600">
              Showing the latest {live.logs.length} of {groupDigits(live.logCount)} log messages; the recorded leg keeps
              them all.
            </p>
          )}
          {live.logs.length > 0 && (
            <div
              role="log"
              aria-label="Log messages"
              className="max-h-40 overflow-auto rounded bg-slate-50 p-1 [contain:content]"
            >
              <ol className="space-y-0.5 font-mono text-xs">
                {live.logs.map((log, i) => (
                  <li key={live.logCount - live.logs.length + i} className="break-all whitespace-pre-wrap">
                    <span className="text-slate-500">+{Math.round(log.at)} ms</span>{' '}
                    <span className="font-semibold">[{log.level}]</span>
                    {log.logger ? ` ${log.logger}:` : ''} <CutText text={log.text} max={LIVE_LOG_CHARS} />
                  </li>
                ))}
              </ol>
            </div>
          )}
        </div>
      )}
      {pretty !== undefined && <JsonText value={pretty} label="Request body in flight" />}
    </section>
  );
}

/** The latest progress: a bar when the total is known (an indeterminate one otherwise) and its text. */
function ProgressBar({ progress }: { progress: LiveProgress }) {
  const { total } = progress;
  const known = total !== undefined && total > 0;
  const percent = known ? Math.min(100, Math.max(0, (progress.progress / total) * 100)) : undefined;
  return (
    <div className="space-y-0.5">
      <div
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={known ? 0 : undefined}
        aria-valuenow={known ? progress.progress : undefined}
        aria-valuemax={known ? total : undefined}
        aria-valuetext={progress.text}
        className="h-2 w-full overflow-hidden rounded bg-slate-200"
      >
        <div
          className={`h-full bg-indigo-600 ${known ? '' : 'w-1/3 animate-pulse'}`}
          style={percent !== undefined ? { width: `${percent}%` } : undefined}
        />
      </div>
      <p className="text-xs text-slate-700">{progress.text}</p>
    </div>
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
