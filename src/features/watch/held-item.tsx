import { useState } from 'react';
import { useTickingClock } from '../../lib/use-ticking-clock.ts';
import type { HeaderList } from '../../protocol/exchange.ts';
import type { HeldParts } from '../../session/editors/held-edit.ts';

export interface HeldItemProps {
  stage: 'request' | 'response';
  /** ms epoch the item started waiting */
  at: number;
  /** the client gave up then, or the page saw that the inspector restarted (ms epoch) */
  goneAt?: number;
  /** gone because the inspector that held it restarted (not because the client gave up) */
  restarted?: boolean;
  /** exactly what arrived, secret header values masked */
  arrivedHeaders: HeaderList;
  arrivedBody: string;
  status?: number;
  /** the response event of an SSE answer: its status and headers went out with the stream, only its body can change */
  sseEvent?: boolean;
  /** the editors' starting values */
  parts: HeldParts;
  /** why the edits cannot be sent (kept until the next try) */
  error?: string;
  now: () => number;
  onForward: (edited: HeldParts) => void;
  onDrop: () => void;
  onDismiss: () => void;
  /**
   * the requestState lab for the state in the editor (null: the user left the field out), when the screen offers one;
   * shown whenever the item came with a requestState
   */
  renderStateLab?: (value: string | null, onChange: (next: string | null) => void) => React.ReactNode;
}

function seconds(ms: number): string {
  return `${Math.max(0, Math.floor(ms / 1000))} s`;
}

/** One editor of a held item: a labelled monospace text box. */
function PartEditor(props: { label: string; rows: number; value: string; onChange: (value: string) => void }) {
  return (
    <label className="block text-xs">
      {props.label}
      <textarea
        className="w-full rounded border border-slate-300 p-1 font-mono text-xs"
        rows={props.rows}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/**
 * A request from a watched client (or the server's answer to it) that waits for the user: what arrived, the
 * editors, Forward and Drop, and how long the client has waited. Text from the client or server is shown as text.
 */
export function HeldItem(props: HeldItemProps) {
  const { stage, parts } = props;
  const [edited, setEdited] = useState<HeldParts>(parts);
  const clock = useTickingClock(1000, { enabled: props.goneAt === undefined, now: props.now });
  const name = stage === 'request' ? 'Held request' : 'Held response';
  const waited = (props.goneAt ?? clock) - props.at;
  const set = (patch: Partial<HeldParts>) => setEdited((e) => ({ ...e, ...patch }));
  return (
    <section aria-label={name} className="mb-4 rounded border-2 border-amber-400 bg-amber-50 p-3 text-sm">
      <h2 className="mb-1 font-semibold">{name}</h2>
      {props.restarted ? (
        <p role="status" className="text-red-700">
          The inspector restarted: this held {stage} is gone, and it never reached the{' '}
          {stage === 'request' ? 'server' : 'client'}.
        </p>
      ) : props.goneAt !== undefined ? (
        <p role="status" className="text-red-700">
          The client gave up after {seconds(waited)}: nothing was sent.
        </p>
      ) : (
        <p role="status" className="text-xs text-slate-700">
          The client has waited {seconds(waited)}.
        </p>
      )}
      <details className="my-2">
        <summary className="cursor-pointer text-xs">
          What arrived
          {props.status
            ? ` (HTTP ${props.status}${props.sseEvent ? ', the response event of an SSE answer' : ''})`
            : ''}
        </summary>
        <pre aria-label="Headers as they arrived" className="mt-1 whitespace-pre-wrap break-all text-xs">
          {props.arrivedHeaders.map(([n, v]) => `${n}: ${v}`).join('\n')}
        </pre>
        <pre
          aria-label="Body as it arrived"
          className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all text-xs"
        >
          {props.arrivedBody}
        </pre>
      </details>
      {typeof edited.requestState === 'string' && (
        <PartEditor
          label="requestState"
          rows={2}
          value={edited.requestState}
          onChange={(requestState) => set({ requestState })}
        />
      )}
      {parts.requestState !== undefined &&
        props.renderStateLab?.(edited.requestState ?? null, (requestState) => set({ requestState }))}
      {edited.answers !== undefined && (
        <PartEditor
          label={stage === 'request' ? 'Answers (inputResponses JSON)' : 'inputRequests'}
          rows={4}
          value={edited.answers}
          onChange={(answers) => set({ answers })}
        />
      )}
      {edited.params !== undefined && (
        <PartEditor label="Params" rows={4} value={edited.params} onChange={(params) => set({ params })} />
      )}
      {edited.result !== undefined && (
        <PartEditor label="Result" rows={6} value={edited.result} onChange={(result) => set({ result })} />
      )}
      {props.sseEvent ? (
        <p className="text-xs text-slate-700">
          The events before this one and the answer&apos;s headers have already reached the client.
        </p>
      ) : (
        <PartEditor
          label="Headers (secret ones are forwarded unchanged)"
          rows={3}
          value={edited.headers}
          onChange={(headers) => set({ headers })}
        />
      )}
      {props.error && (
        <p role="alert" className="text-red-700">
          {props.error}
        </p>
      )}
      <div className="mt-2 flex gap-2">
        {props.goneAt === undefined ? (
          <>
            <button
              type="button"
              className="rounded bg-indigo-700 px-3 py-1 text-white hover:bg-indigo-800"
              onClick={() => props.onForward(edited)}
            >
              Forward
            </button>
            <button type="button" className="rounded border border-slate-400 px-3 py-1" onClick={props.onDrop}>
              Drop
            </button>
          </>
        ) : (
          <button type="button" className="rounded border border-slate-400 px-3 py-1" onClick={props.onDismiss}>
            Dismiss
          </button>
        )}
      </div>
    </section>
  );
}
