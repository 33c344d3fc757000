import { useMemo, useState, type ReactNode } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { JsonText } from '../../components/ui/json-text.tsx';
import { isMcpHeader } from '../../protocol/headers.ts';
import { redactHeaderValue } from '../../session/io/redact.ts';
import type { HeaderList } from '../../protocol/exchange.ts';
import { Countdown } from './countdown.tsx';
import { StateEditor } from './state-editor.tsx';
import { usePendingCommit } from './use-pending-commit.ts';

/** Where the leg goes when that is not simply the connected server: what to say, and how to change it. */
export interface ComposerDestination {
  note: string;
  switchLabel?: string;
  onSwitch?: () => void;
}

export interface ComposerProps {
  /** first leg or retry */
  isRetry: boolean;
  /** 2025-11-25: the leg is the JSON-RPC response to a request the server pushed (neither a call nor a retry) */
  isResponse?: boolean;
  /** the send button's name when it is not "Send retry" (a task's answers: "Send update") */
  sendLabel?: string;
  url: string;
  /** the leg goes to another server than the connected one (its own), or elsewhere by choice */
  destination?: ComposerDestination;
  headers: HeaderList;
  body: string;
  problems: string[];
  requestState: string | undefined;
  originalRequestState: string | undefined;
  unanswered: string[];
  bodyEdited: boolean;
  inFlight: boolean;
  running: boolean;
  roundCap: number;
  note?: string;
  onRequestState: (value: string | undefined) => void;
  onBody: (value: string | undefined) => void;
  onSend: () => void;
  onRun: () => void;
  onAbort: () => void;
  onRoundCap: (n: number) => void;
  onReset: () => void;
  /** why this leg carries no requestState at all (a JSON-RPC response to a pushed request): replaces the box */
  noState?: string;
  /** extra tools rendered under the requestState box (the requestState lab) */
  lab?: ReactNode;
  /** extra editors (capabilities, headers, answers JSON) */
  editors?: ReactNode;
  /** which editors hold changes, for the summary line */
  editedParts?: string[];
  /** a run is waiting (backoff, token expiry): shown as a live countdown */
  wait?: { until: number; reason: string };
  /** tools that act on this paused leg (the tamper matrix) */
  tools?: ReactNode;
  /** what the previous leg sent when it went out without being held */
  sent?: ReactNode;
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The next leg, held before it is sent: exactly what will go on the wire, editable. */
export function Composer(p: ComposerProps) {
  const [editingBody, setEditingBody] = useState(false);
  // every request must be answered before a retry, unless the user overrides (to watch the server re-ask)
  const [sendUnanswered, setSendUnanswered] = useState(false);
  const blockedByUnanswered = p.unanswered.length > 0 && !sendUnanswered;
  // typed text reaches the store after a pause in typing (or on blur / before a send): one key must not re-render
  // every view of a long session
  const state = usePendingCommit(p.requestState, p.onRequestState);
  const edited = state.value !== p.originalRequestState;
  const busy = p.inFlight || p.running;
  const body = useMemo(() => prettyBody(p.body), [p.body]);
  return (
    <section
      aria-label="Next request"
      data-running={p.running}
      className="space-y-3 rounded-lg border border-indigo-200 bg-indigo-50/40 p-3"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">
          Next request {p.isResponse ? '(response)' : p.isRetry ? '(retry)' : ''}{' '}
          <span className="font-mono text-xs text-slate-500">POST {p.url}</span>
        </h2>
        <div className="flex flex-wrap gap-2">
          {p.unanswered.length > 0 && <Badge tone="warn">unanswered: {p.unanswered.join(', ')}</Badge>}
          {edited && <Badge tone="bad">requestState edited by you</Badge>}
          {p.bodyEdited && <Badge tone="bad">body edited by you</Badge>}
        </div>
      </header>
      {p.destination && (
        <p className="flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900">
          <span>{p.destination.note}</span>
          {p.destination.onSwitch && p.destination.switchLabel && (
            <Button onClick={p.destination.onSwitch} disabled={busy}>
              {p.destination.switchLabel}
            </Button>
          )}
        </p>
      )}
      {p.sent}
      {(edited || p.bodyEdited) && (
        <p role="alert" className="rounded border border-red-300 bg-red-100 p-2 text-sm font-semibold text-red-900">
          Tampering: you are changing what the server handed out. The spec tells clients never to modify requestState;
          this inspector is acting as a hostile client to see how the server defends itself.
        </p>
      )}
      {p.noState ? (
        <p className="text-xs text-slate-600">{p.noState}</p>
      ) : (
        <>
          <div>
            <label htmlFor="composer-request-state" className="block text-xs font-semibold text-slate-700">
              requestState
            </label>
            <StateEditor
              id="composer-request-state"
              className={`mt-1 block h-20 w-full rounded border px-2 py-1 font-mono text-xs break-all ${edited ? 'border-red-400 bg-red-50' : 'border-slate-300'}`}
              value={state.value ?? ''}
              placeholder={state.value === undefined ? '(omitted: no requestState is sent)' : ''}
              onChange={state.set}
              onFlush={state.flush}
            />
            <p className="mt-1 text-xs text-slate-500">
              {p.originalRequestState === undefined
                ? 'The server gave no requestState; anything typed here is invented.'
                : `${p.originalRequestState.length} characters from the server; echoed byte-for-byte unless you edit it.`}
            </p>
          </div>
          {p.lab}
        </>
      )}
      {p.editors && (
        <details>
          <summary className="cursor-pointer text-xs font-semibold text-slate-700">
            Edit the request (answers JSON, params, id, headers, capabilities)
            {p.editedParts && p.editedParts.length > 0 && (
              <span className="ml-2 font-normal text-red-700">edited: {p.editedParts.join(', ')}</span>
            )}
          </summary>
          <div className="mt-2">{p.editors}</div>
        </details>
      )}
      <details>
        <summary className="cursor-pointer text-xs font-semibold text-slate-700">Headers ({p.headers.length})</summary>
        <table className="mt-1 w-full text-left font-mono text-xs">
          <tbody>
            {p.headers.map(([k, v]) => (
              <tr key={k} className={isMcpHeader(k) ? 'bg-indigo-100' : ''}>
                <th className="pr-2 font-semibold whitespace-nowrap">{k}</th>
                <td className="break-all">{redactHeaderValue(k, v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <div>
        <div className="flex items-center justify-between">
          <span className="text-xs font-semibold text-slate-700">Body</span>
          <div className="flex gap-2">
            {!editingBody && (
              <Button variant="ghost" onClick={() => setEditingBody(true)}>
                Edit body
              </Button>
            )}
            {(editingBody || p.bodyEdited) && (
              <Button
                variant="ghost"
                onClick={() => {
                  setEditingBody(false);
                  p.onBody(undefined);
                }}
              >
                Use composed body
              </Button>
            )}
          </div>
        </div>
        {editingBody ? (
          <textarea
            aria-label="Raw request body"
            className="mt-1 block h-48 w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs"
            defaultValue={body}
            spellCheck={false}
            onChange={(e) => p.onBody(e.target.value)}
          />
        ) : (
          <JsonText value={body} label="Request body about to be sent" />
        )}
        {p.problems.map((problem) => (
          <p key={problem} className="text-xs text-red-700">
            {problem}
          </p>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="primary"
          // in flight: aria-disabled, not disabled, so the focused button keeps the keyboard focus until the answer
          aria-disabled={busy || undefined}
          disabled={blockedByUnanswered && !busy}
          className={busy ? 'cursor-wait opacity-60' : ''}
          onClick={() => {
            state.flush();
            if (!busy) p.onSend();
          }}
        >
          {p.sendLabel ?? (p.isRetry ? 'Send retry' : 'Send')}
        </Button>
        <Button
          onClick={() => {
            state.flush();
            p.onRun();
          }}
          disabled={p.inFlight || p.running}
        >
          Run to completion
        </Button>
        <Button variant="danger" onClick={p.onAbort} disabled={!p.inFlight && !p.running}>
          Abort
        </Button>
        <label className="flex items-center gap-1 text-xs">
          Round cap
          <input
            type="number"
            min={1}
            max={1000}
            className="w-16 rounded border border-slate-300 px-1 py-0.5"
            value={p.roundCap}
            onChange={(e) => p.onRoundCap(Number(e.target.value) || 1)}
          />
        </label>
        <Button variant="ghost" onClick={p.onReset}>
          Reset to original
        </Button>
      </div>
      {p.unanswered.length > 0 && (
        <label className="flex items-center gap-2 text-xs text-amber-800">
          <input type="checkbox" checked={sendUnanswered} onChange={(e) => setSendUnanswered(e.target.checked)} />
          Send without answering {p.unanswered.join(', ')}{' '}
          {p.isResponse
            ? '(a response with neither result nor error: the server cannot read it)'
            : '(a well-behaved server asks again)'}
        </label>
      )}
      {p.wait && <Countdown until={p.wait.until} reason={p.wait.reason} />}
      {p.note && (
        <p role="status" className="text-sm text-slate-700">
          {p.note}
        </p>
      )}
      {p.tools}
    </section>
  );
}
