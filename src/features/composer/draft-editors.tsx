import { hasCapability, withCapability, type CapabilityFlag } from '../../protocol/envelope.ts';
import type { ClientCapabilities, InputRequests, InputResponse, JsonObject, RpcId } from '../../protocol/types.ts';
import type { DraftPart } from '../../session/model.ts';
import {
  answersToJson,
  formatRpcId,
  headersToLines,
  paramsToJson,
  parseAnswersJson,
  parseHeaderLines,
  parseParamsJson,
  parseRpcId,
} from '../../session/editors/draft-edits.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextEditor } from './text-editor.tsx';

export interface DraftEditorsProps {
  method: string;
  inputRequests: InputRequests;
  answers: Record<string, InputResponse>;
  params: JsonObject;
  rpcId: RpcId;
  /** ids already sent in this conversation */
  usedIds: readonly RpcId[];
  headers: Record<string, string>;
  capabilities: ClientCapabilities;
  /** which parts differ from the draft's origin */
  changed: Partial<Record<DraftPart, boolean>>;
  onAnswers: (answers: Record<string, InputResponse>) => void;
  onParams: (params: JsonObject) => void;
  onRpcId: (id: RpcId) => void;
  onHeaders: (headers: Record<string, string>) => void;
  onCapabilities: (caps: ClientCapabilities) => void;
  onReset: (part?: DraftPart) => void;
}

const FLAGS: { flag: CapabilityFlag; label: string }[] = [
  { flag: 'form', label: 'elicitation (form)' },
  { flag: 'url', label: 'elicitation (url)' },
  { flag: 'sampling', label: 'sampling' },
  { flag: 'roots', label: 'roots' },
];

/** Everything of the next leg the user may change before it goes out, each with validation and a reset. */
export function DraftEditors(p: DraftEditorsProps) {
  const hasRequests = Object.keys(p.inputRequests).length > 0;
  return (
    <div className="space-y-3">
      {hasRequests && (
        <TextEditor
          label="inputResponses (JSON)"
          value={p.answers}
          format={answersToJson}
          parse={(t) => parseAnswersJson(t, p.inputRequests)}
          onCommit={p.onAnswers}
          onReset={() => p.onReset('answers')}
          changed={Boolean(p.changed.answers)}
          rows={6}
          hint="Kept in sync with the answer forms above: edit either one."
        />
      )}
      <TextEditor
        label="Call params (JSON)"
        value={p.params}
        format={paramsToJson}
        parse={(t) => parseParamsJson(t, p.method)}
        onCommit={p.onParams}
        onReset={() => p.onReset('params')}
        changed={Boolean(p.changed.params)}
        rows={4}
        hint="Name and arguments (or uri). The spec says a retry repeats them unchanged."
      />
      <div className="grid gap-3 md:grid-cols-2">
        <TextEditor
          label="JSON-RPC id"
          value={p.rpcId}
          format={formatRpcId}
          parse={(t) => parseRpcId(t, p.usedIds)}
          onCommit={p.onRpcId}
          onReset={() => p.onReset('rpcId')}
          changed={Boolean(p.changed.rpcId)}
          rows={1}
          hint='A number, or a string in quotes ("abc").'
        />
        <TextEditor
          label="Extra headers"
          value={p.headers}
          format={headersToLines}
          parse={parseHeaderLines}
          onCommit={p.onHeaders}
          onReset={() => p.onReset('headers')}
          changed={Boolean(p.changed.headers)}
          rows={2}
          hint="One per line: Name: value. For this leg only."
        />
      </div>
      <fieldset className="rounded border border-slate-200 p-2">
        <legend className="px-1 text-xs font-semibold text-slate-700">
          Client capabilities declared on this leg{' '}
          {p.changed.capabilities && <span className="text-red-700">(edited)</span>}
        </legend>
        <div className="flex flex-wrap items-center gap-3 text-xs">
          {FLAGS.map(({ flag, label }) => (
            <label key={flag} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={hasCapability(p.capabilities, flag)}
                onChange={(e) => p.onCapabilities(withCapability(p.capabilities, flag, e.target.checked))}
              />
              Declare {label}
            </label>
          ))}
          <Button
            variant="ghost"
            aria-label="Reset capabilities"
            disabled={!p.changed.capabilities}
            onClick={() => p.onReset('capabilities')}
          >
            Reset
          </Button>
        </div>
        <p className="mt-1 text-xs text-slate-500">
          Servers must not ask for what a request did not declare: dropping one shows the server&apos;s 400 / -32021.
        </p>
      </fieldset>
    </div>
  );
}
