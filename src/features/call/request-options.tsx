import { useId, useState } from 'react';
import {
  LOG_LEVELS,
  requestOptionsOrNone,
  traceparentProblem,
  type LogLevel,
  type RequestOptions,
} from '../../protocol/envelope.ts';

/** What the "Request options" controls hold (the token is made before the call so it can be shown). */
export interface RequestOptionsValue {
  askProgress: boolean;
  /** the progressToken the next call sends when `askProgress` is on */
  progressToken: string;
  /** the token the last call sent, shown next to the next one */
  lastSentToken?: string;
  /** '' = no log level */
  logLevel: LogLevel | '';
  traceparent: string;
}

/** The `_meta` members the next call carries, or undefined when none is asked for. */
export function requestOptionsOf(v: RequestOptionsValue): RequestOptions | undefined {
  const o: RequestOptions = { traceparent: v.traceparent };
  if (v.askProgress) o.progressToken = v.progressToken;
  if (v.logLevel !== '') o.logLevel = v.logLevel;
  return requestOptionsOrNone(o);
}

export interface RequestOptionsPanelProps {
  value: RequestOptionsValue;
  onChange: (next: RequestOptionsValue) => void;
}

/**
 * "Request options": optional `_meta` members of the call (progressToken, logLevel, traceparent). Closed by default;
 * whatever is set here goes on every leg of the call, retries included.
 */
export function RequestOptionsPanel({ value, onChange }: RequestOptionsPanelProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const set = (patch: Partial<RequestOptionsValue>) => onChange({ ...value, ...patch });
  const trace = value.traceparent.trim();
  const traceProblem = trace === '' ? undefined : traceparentProblem(trace);
  const chosen = requestOptionsOf(value);
  return (
    <div className="rounded border border-slate-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen(!open)}
        className="w-full px-2 py-1 text-left text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        {open ? '▾' : '▸'} Request options
        {chosen && !open && <span className="ml-2 text-xs font-normal text-slate-500">({summary(chosen)})</span>}
      </button>
      {open && (
        <div id={`${id}-body`} role="group" aria-label="Request options" className="space-y-2 p-2 text-sm">
          <p className="text-xs text-slate-600">
            Optional <code>_meta</code> members. The same values go on every retry leg of the call: a retry is the same
            request.
          </p>
          <div>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={value.askProgress}
                onChange={(e) => set({ askProgress: e.target.checked })}
              />
              Ask for progress (progressToken)
            </label>
            <p className="ml-6 text-xs text-slate-600">
              A fresh token per call, next: <span className="font-mono">{value.progressToken}</span>
              {value.lastSentToken && (
                <>
                  {' '}
                  (last call sent <span className="font-mono">{value.lastSentToken}</span>)
                </>
              )}
            </p>
          </div>
          <label className="flex items-center gap-2">
            Log level
            <select
              value={value.logLevel}
              onChange={(e) => set({ logLevel: e.target.value as LogLevel | '' })}
              className="rounded border border-slate-300 px-1 py-0.5"
            >
              <option value="">none</option>
              {LOG_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <div>
            <label className="flex flex-col gap-1">
              traceparent
              <input
                type="text"
                value={value.traceparent}
                onChange={(e) => set({ traceparent: e.target.value })}
                placeholder="00-<32 hex trace id>-<16 hex parent id>-01"
                aria-describedby={`${id}-trace`}
                aria-invalid={traceProblem ? true : undefined}
                spellCheck={false}
                className="rounded border border-slate-300 px-1 py-0.5 font-mono text-xs"
              />
            </label>
            <p id={`${id}-trace`} className={`text-xs ${traceProblem ? 'text-amber-800' : 'text-slate-600'}`}>
              {traceProblem
                ? `Does not look like a W3C traceparent: ${traceProblem}. It is sent as typed.`
                : 'Optional W3C trace context (version-traceid-parentid-flags).'}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

function summary(o: RequestOptions): string {
  const parts: string[] = [];
  if (o.progressToken !== undefined) parts.push('progress');
  if (o.logLevel) parts.push(`log ${o.logLevel}`);
  if (o.traceparent) parts.push('traceparent');
  return parts.join(', ');
}
