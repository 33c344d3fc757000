import { Suspense, useEffect, useId, useRef, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { preloadableLazy } from '../../components/ui/preloadable-lazy.tsx';
import { RenderGuard } from '../../components/ui/render-guard.tsx';
import { argumentsText, multiLineKeys, parseArgumentsJson } from './arguments-json.ts';

const schemaForm = preloadableLazy(() => import('./schema-form.tsx'));
const SchemaForm = schemaForm.Component;

/** Warms the arguments form's chunk (rjsf), so a picked tool's form is there at once (see app/preload.ts). */
export const preloadSchemaForm: () => Promise<void> = schemaForm.preload;

export type ArgumentsMode = 'form' | 'json';

/** An object schema with no properties a form could show (nor any way to add some): the call takes no arguments. */
export function takesNoArguments(schema: RJSFSchema): boolean {
  if (schema.type !== undefined && schema.type !== 'object') return false;
  if (schema.properties && Object.keys(schema.properties).length > 0) return false;
  if (schema.additionalProperties || schema.patternProperties) return false;
  return !schema.oneOf && !schema.anyOf && !schema.allOf && !schema.$ref && !schema.if;
}

export interface ArgumentsEditorProps {
  schema: RJSFSchema;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  idPrefix: string;
  /** resets the form's error boundary (the picked target) */
  resetKey: string;
  /** the JSON side's problem, or null when what it holds parses to an object (or the form is shown) */
  onJsonProblem: (problem: string | null) => void;
}

/**
 * The arguments of a call, as a form or as JSON ("Form" / "JSON"), two-way: the JSON side starts from the form's
 * values and every edit that parses to an object becomes the form's values. JSON holds what the form cannot: line
 * breaks, numbers where the schema says string, null, nested objects. Text that does not parse says where and keeps
 * the call from being sent (the caller reads `onJsonProblem`).
 */
export function ArgumentsEditor({ schema, value, onChange, idPrefix, resetKey, onJsonProblem }: ArgumentsEditorProps) {
  const [mode, setMode] = useState<ArgumentsMode>('form');
  const [text, setText] = useState(() => argumentsText(value));
  const [problem, setProblem] = useState<string | null>(null);
  // the value the JSON side last handed to the form: when `value` changes to anything else, the text follows it
  const emitted = useRef<Record<string, unknown> | null>(null);
  const id = useId();
  const multiLine = multiLineKeys(value);
  useEffect(() => {
    if (value === emitted.current) return;
    setText(argumentsText(value));
    setProblem(null);
  }, [value]);
  useEffect(() => onJsonProblem(mode === 'json' ? problem : null), [mode, problem, onJsonProblem]);

  const edit = (next: string) => {
    setText(next);
    const parsed = parseArgumentsJson(next);
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    setProblem(null);
    emitted.current = parsed.value;
    onChange(parsed.value);
  };

  return (
    <div className="space-y-2">
      <div role="group" aria-label="Arguments as" className="flex items-center gap-1 text-xs">
        <span className="mr-1 font-medium text-slate-600">Arguments as</span>
        {(['form', 'json'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            onClick={() => setMode(m)}
            className={`rounded border px-2 py-0.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
              mode === m ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white text-slate-800'
            }`}
          >
            {m === 'form' ? 'Form' : 'JSON'}
          </button>
        ))}
      </div>
      {mode === 'form' ? (
        <RenderGuard
          resetKey={resetKey}
          fallback={(message) => (
            <p role="alert" className="rounded bg-amber-50 p-2 text-sm text-amber-900">
              This schema cannot be shown as a form ({message}). Type the arguments as JSON instead; the call is sent
              with the arguments typed so far.
            </p>
          )}
        >
          {multiLine.length > 0 && (
            <p role="note" className="rounded bg-sky-50 p-2 text-xs text-sky-900">
              {multiLine.join(', ')} {multiLine.length === 1 ? 'holds' : 'hold'} a line break, which a form field cannot
              show: it is sent as typed in JSON. Edit {multiLine.length === 1 ? 'it' : 'them'} as JSON.
            </p>
          )}
          {takesNoArguments(schema) ? (
            // nothing to fill: no form to load, so the action button below never moves when a chunk arrives
            <p data-no-arguments="" className="text-sm text-slate-500">
              No arguments.
            </p>
          ) : (
            <Suspense fallback={<p className="text-sm text-slate-500">Loading form…</p>}>
              <SchemaForm schema={schema} value={value} onChange={onChange} idPrefix={idPrefix} />
            </Suspense>
          )}
        </RenderGuard>
      ) : (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-json`} className="text-sm font-medium">
            Arguments (JSON)
          </label>
          <textarea
            id={`${id}-json`}
            value={text}
            onChange={(e) => edit(e.target.value)}
            rows={Math.min(16, Math.max(4, text.split('\n').length + 1))}
            spellCheck={false}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
            className="rounded border border-slate-300 p-2 font-mono text-xs"
          />
          {problem ? (
            <p id={`${id}-problem`} role="alert" className="rounded bg-red-50 p-2 text-sm text-red-900">
              {problem} Not sent until it is a JSON object.
            </p>
          ) : (
            <p id={`${id}-hint`} className="text-xs text-slate-500">
              A JSON object of the arguments. Strings may hold line breaks (\n) and any type the schema allows;
              switching back to Form shows the same values.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
