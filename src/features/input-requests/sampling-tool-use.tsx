import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { offeredTools, toolUseAnswer, type ToolUseDraft } from '../../protocol/elicitation/sampling-tools.ts';
import type { InputResponse, JsonObject } from '../../protocol/types.ts';

export interface SamplingToolUseProps {
  params: JsonObject | undefined;
  /** the assistant text typed above (sent as a text block before the tool uses, when not blank) */
  text: string;
  model: string;
  onAnswer: (response: InputResponse) => void;
}

let counter = 0;
const nextId = () => `toolu_${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * Answering a sampling request that offers tools (SEP-1577) as the model would: `stopReason: "toolUse"` and array
 * content, the text above plus one `tool_use` block per row (a tool the request offers, its input as JSON, an id).
 * Nothing is sent until the reply passes the SDK's CreateMessageResult-with-tools schema and the request's tool list.
 */
export default function SamplingToolUse({ params, text, model, onAnswer }: SamplingToolUseProps) {
  const offered = offeredTools(params);
  const [uses, setUses] = useState<ToolUseDraft[]>(() => [{ name: offered[0]?.name ?? '', id: nextId(), input: '{}' }]);
  const [problems, setProblems] = useState<string[]>([]);
  const id = useId();
  const update = (i: number, patch: Partial<ToolUseDraft>) => {
    setUses((u) => u.map((x, j) => (j === i ? { ...x, ...patch } : x)));
    setProblems([]);
  };
  const send = () => {
    const checked = toolUseAnswer({ text, toolUses: uses, model, stopReason: 'toolUse' }, offered);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    onAnswer(checked.result);
  };
  return (
    <fieldset className="flex flex-col gap-2 rounded border border-slate-200 p-2">
      <legend className="px-1 font-medium">Tool use reply (stopReason toolUse)</legend>
      <p className="text-xs text-slate-600">
        The request offers {offered.map((t) => t.name).join(', ')}. Answer as a model asking to use them: the reply text
        above (if any) and one tool_use block per row.
      </p>
      <ol aria-label="Tool uses" className="flex flex-col gap-2">
        {uses.map((use, i) => (
          <li key={i} aria-label={`Tool use ${i + 1}`} className="flex flex-col gap-1 rounded bg-slate-50 p-2">
            <div className="flex flex-wrap gap-2">
              <label className="flex flex-col gap-0.5 text-xs font-medium">
                Tool
                <select
                  value={use.name}
                  onChange={(e) => update(i, { name: e.target.value })}
                  className="rounded border border-slate-300 px-2 py-1 text-sm font-normal"
                >
                  {offered.map((t) => (
                    <option key={t.name} value={t.name}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-0.5 text-xs font-medium">
                Tool use id
                <input
                  value={use.id}
                  onChange={(e) => update(i, { id: e.target.value })}
                  className="rounded border border-slate-300 px-2 py-1 font-mono text-sm font-normal"
                />
              </label>
            </div>
            <label htmlFor={`${id}-input-${i}`} className="text-xs font-medium">
              Tool input (JSON)
            </label>
            <textarea
              id={`${id}-input-${i}`}
              value={use.input}
              onChange={(e) => update(i, { input: e.target.value })}
              rows={3}
              spellCheck={false}
              className="rounded border border-slate-300 p-2 font-mono text-xs"
            />
            {uses.length > 1 && (
              <Button variant="ghost" onClick={() => setUses((u) => u.filter((_, j) => j !== i))}>
                Remove tool use {i + 1}
              </Button>
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setUses((u) => [...u, { name: offered[0]?.name ?? '', id: nextId(), input: '{}' }])}>
          Add tool use
        </Button>
        <Button variant="primary" onClick={send}>
          Send tool use
        </Button>
      </div>
      {problems.length > 0 && (
        <div role="alert" className="rounded bg-red-50 p-2 text-sm text-red-900">
          <p className="font-medium">Not sent: the tool use reply is not valid.</p>
          <ul className="ml-4 list-disc">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
