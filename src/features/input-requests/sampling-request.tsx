import { lazy, Suspense, useId, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { JsonText } from '../../components/ui/json-text.tsx';
import { samplingAnswer, STOP_REASONS } from '../../protocol/elicitation/answers.ts';
import { isJsonObject, type InputResponse, type JsonObject, type JsonValue } from '../../protocol/types.ts';

const SamplingToolUse = lazy(() => import('./sampling-tool-use.tsx'));

export interface SamplingRequestProps {
  params: JsonObject | undefined;
  onAnswer: (response: InputResponse | undefined) => void;
}

const SHOWN_KEYS = new Set([
  'messages',
  'systemPrompt',
  'modelPreferences',
  'maxTokens',
  'includeContext',
  'temperature',
  'tools',
  'toolChoice',
]);

function ContentBlock({ block }: { block: JsonValue | undefined }) {
  if (isJsonObject(block) && block.type === 'text' && typeof block.text === 'string') {
    return <p className="whitespace-pre-wrap">{block.text}</p>;
  }
  return <JsonText value={block} className="max-h-40" />;
}

function SamplingMessages({ messages }: { messages: JsonValue | undefined }) {
  if (!Array.isArray(messages)) return <JsonText value={messages ?? null} label="messages (not an array)" />;
  return (
    <ol aria-label="Sampling messages" className="flex flex-col gap-2">
      {messages.map((m, i) => {
        const msg = isJsonObject(m) ? m : {};
        const blocks = Array.isArray(msg.content) ? msg.content : [msg.content];
        return (
          <li key={i} className="rounded border border-slate-200 p-2">
            <span className="text-xs font-semibold uppercase text-slate-500">{String(msg.role ?? '(no role)')}</span>
            {blocks.map((b, j) => (
              <ContentBlock key={j} block={b} />
            ))}
          </li>
        );
      })}
    </ol>
  );
}

function Field({ name, value }: { name: string; value: JsonValue | undefined }) {
  if (value === undefined) return null;
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-slate-500">{name}</dt>
      <dd>
        {typeof value === 'string' || typeof value === 'number' ? (
          <span className="whitespace-pre-wrap">{String(value)}</span>
        ) : (
          <JsonText value={value} className="max-h-40" />
        )}
      </dd>
    </div>
  );
}

/** sampling/createMessage (deprecated in 2026-07-28): the human reads the request and writes the assistant reply. */
export function SamplingRequest({ params, onAnswer }: SamplingRequestProps) {
  const [text, setText] = useState('');
  const [model, setModel] = useState('human-in-the-loop');
  const [stopReason, setStopReason] = useState<string>('endTurn');
  const [declined, setDeclined] = useState(false);
  // an empty reply is sent on purpose only: it would otherwise look like a model answer with nothing in it
  const [sendEmpty, setSendEmpty] = useState(false);
  const id = useId();
  const empty = text.trim() === '';
  const blocked = empty && !sendEmpty;
  const hasTools = Array.isArray(params?.tools) && params.tools.length > 0;
  const others = Object.fromEntries(Object.entries(params ?? {}).filter(([k]) => !SHOWN_KEYS.has(k)));

  return (
    <div className="flex flex-col gap-3 text-sm">
      <div>
        <Badge tone="warn">deprecated in 2026-07-28</Badge>
      </div>
      <SamplingMessages messages={params?.messages} />
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Field name="systemPrompt" value={params?.systemPrompt} />
        <Field name="modelPreferences" value={params?.modelPreferences} />
        <Field name="maxTokens" value={params?.maxTokens} />
        <Field name="includeContext" value={params?.includeContext} />
        <Field name="temperature" value={params?.temperature} />
        <Field name="tools" value={params?.tools} />
        <Field name="toolChoice" value={params?.toolChoice} />
        {Object.keys(others).length > 0 && <Field name="other params" value={others} />}
      </dl>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-reply`} className="font-medium">
          Assistant reply
        </label>
        <textarea
          id={`${id}-reply`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={4}
          aria-describedby={empty ? `${id}-empty` : undefined}
          className="rounded border border-slate-300 p-2"
        />
        {empty && (
          <div id={`${id}-empty`} className="flex flex-col gap-1 text-xs text-amber-800">
            <p>
              {text === '' ? 'The reply is empty' : 'The reply is only white space'}: Send reply would answer as{' '}
              {model.trim() === '' ? 'a model' : JSON.stringify(model)} with no text.
              {blocked ? ' Write a reply, or confirm below.' : ''}
            </p>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={sendEmpty} onChange={(e) => setSendEmpty(e.target.checked)} />
              Send empty reply anyway
            </label>
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-model`} className="font-medium">
            Model
          </label>
          <input
            id={`${id}-model`}
            value={model}
            onChange={(e) => setModel(e.target.value)}
            className="rounded border border-slate-300 px-2 py-1"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-stop`} className="font-medium">
            Stop reason
          </label>
          <select
            id={`${id}-stop`}
            value={stopReason}
            onChange={(e) => setStopReason(e.target.value)}
            className="rounded border border-slate-300 px-2 py-1"
          >
            {STOP_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex gap-2">
        <Button
          variant={empty ? 'danger' : 'primary'}
          disabled={blocked}
          onClick={() => {
            setDeclined(false);
            onAnswer(samplingAnswer({ text, model, stopReason }));
          }}
        >
          Send reply
        </Button>
        <Button
          onClick={() => {
            setDeclined(true);
            onAnswer(undefined);
          }}
        >
          Decline
        </Button>
      </div>
      {hasTools && (
        <Suspense fallback={<p className="text-xs text-slate-500">Loading the tool use composer…</p>}>
          <SamplingToolUse
            params={params}
            text={text}
            model={model}
            onAnswer={(response) => {
              setDeclined(false);
              onAnswer(response);
            }}
          />
        </Suspense>
      )}
      {declined && (
        <p role="status" className="rounded border border-slate-300 bg-slate-50 p-2 text-slate-700">
          Declined: leaving it unanswered: the server should re-ask. The 2026-07-28 spec defines no decline answer for
          sampling inside inputResponses; a client that refuses simply does not retry the call (Sampling, “Error
          Handling”).
        </p>
      )}
    </div>
  );
}
