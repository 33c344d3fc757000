import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { useQueryEnv } from '../../queries/query-env.ts';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';
import { moveFocusWhenReady } from '../../lib/move-focus.ts';
import { Button } from '../../components/ui/button.tsx';
import { invalidToolReason } from '../../protocol/headers.ts';
import type { JsonObject } from '../../protocol/types.ts';
import { promptsQuery, templatesQuery, toolsQuery } from '../../queries/server-queries.ts';
import { connectedQuery } from '../../queries/connected-query.ts';
import { newId } from '../../lib/ids.ts';
import { fillTemplate, templateVariables } from './uri-template.ts';
import { RequestOptionsPanel, requestOptionsOf, type RequestOptionsValue } from './request-options.tsx';

import { formSchema } from './form-schema.ts';
import { ArgumentsEditor } from './arguments-editor.tsx';

interface Target {
  title: string;
  description?: string;
  schema: RJSFSchema;
  actionLabel: string;
  invalidReason?: string;
  build: (values: Record<string, unknown>) => {
    method: 'tools/call' | 'prompts/get' | 'resources/read';
    params: JsonObject;
    inputSchema?: JsonObject;
  };
}

const EMPTY: Record<string, unknown> = {};

/** The first control of the arguments form, or the action button when the target takes no arguments. */
function firstField(section: HTMLElement | null): HTMLElement | null {
  const form = section?.querySelector('form');
  // the form loads lazily: wait for it rather than focusing the button under the "Loading form…" text
  if (!form) return null;
  const field = form.querySelector<HTMLElement>(
    'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])',
  );
  return field ?? section?.querySelector<HTMLElement>('[data-call-action]') ?? null;
}

/**
 * A pick in the sidebar (the user's own click or key press) moves focus to the picked target's first field, or to
 * its action button when it has none. Nothing moves on the first render, nor when focus rests outside the catalog.
 */
function useFocusOnPick(nonce: number, sectionRef: RefObject<HTMLElement | null>) {
  const [seen] = useState(nonce);
  useEffect(() => {
    if (nonce === seen) return;
    const from = document.activeElement?.closest('nav[aria-label="Server catalog"]') ?? null;
    if (!from && document.activeElement !== document.body) return;
    return moveFocusWhenReady(() => firstField(sectionRef.current), { from, settleMs: 0 });
  }, [nonce, seen, sectionRef]);
}

/** The picked tool/prompt/resource: its arguments form and the button that starts a call. */
export function CallPanel() {
  const env = useQueryEnv();
  const { startCall, setCallArguments } = useInspectorActions();
  const { selection, selectionNonce, callArguments } = useInspector((s) => ({
    selection: s.selection,
    selectionNonce: s.selectionNonce,
    callArguments: s.callArguments,
  }));
  const tools = useQuery(connectedQuery(env, toolsQuery));
  const prompts = useQuery(connectedQuery(env, promptsQuery));
  const templates = useQuery(connectedQuery(env, templatesQuery));
  const [busy, setBusy] = useState(false);
  // what the schema check found on the last Call, for the arguments it checked (typing clears it)
  const [refused, setRefused] = useState<{ values: Record<string, unknown>; problems: string[] } | null>(null);
  // the JSON side of the arguments editor holds text that is not a JSON object: nothing is sent until it is
  const [jsonProblem, setJsonProblem] = useState<string | null>(null);
  const [jsonRefused, setJsonRefused] = useState(false);
  const onJsonProblem = useCallback((p: string | null) => {
    setJsonProblem(p);
    if (p === null) setJsonRefused(false);
  }, []);
  const busyRef = useRef(false);
  const key = selection ? `${selection.kind}:${selection.name}` : '';
  // typed arguments stay with their target while the user looks at other tools (kept in memory only)
  const values = callArguments[key] ?? EMPTY;
  const sectionRef = useRef<HTMLElement>(null);
  // optional _meta members of the next call; the progress token is made fresh after every call
  const [options, setOptions] = useState<RequestOptionsValue>(() => ({
    askProgress: false,
    progressToken: newId('progress'),
    logLevel: '',
    traceparent: '',
  }));
  useFocusOnPick(selectionNonce, sectionRef);

  const target = useMemo<Target | null>(() => {
    if (!selection) return null;
    if (selection.kind === 'tool') {
      const tool = tools.data?.find((t) => t.name === selection.name);
      if (!tool) return null;
      const invalidReason = invalidToolReason(tool.inputSchema);
      const t: Target = {
        title: tool.name,
        schema: formSchema(tool.inputSchema ?? { type: 'object' }),
        actionLabel: 'Call tool',
        build: (v) => {
          const out: ReturnType<Target['build']> = {
            method: 'tools/call',
            params: { name: tool.name, arguments: v as JsonObject },
          };
          if (tool.inputSchema) out.inputSchema = tool.inputSchema;
          return out;
        },
      };
      if (tool.description) t.description = tool.description;
      if (invalidReason) t.invalidReason = invalidReason;
      return t;
    }
    if (selection.kind === 'prompt') {
      const prompt = prompts.data?.find((p) => p.name === selection.name);
      if (!prompt) return null;
      const properties: Record<string, RJSFSchema> = {};
      for (const arg of prompt.arguments ?? []) {
        properties[arg.name] = { type: 'string', title: arg.name, description: arg.description };
      }
      const required = (prompt.arguments ?? []).filter((a) => a.required).map((a) => a.name);
      const t: Target = {
        title: prompt.name,
        schema: { type: 'object', properties, required },
        actionLabel: 'Get prompt',
        build: (v) => ({ method: 'prompts/get', params: { name: prompt.name, arguments: v as JsonObject } }),
      };
      if (prompt.description) t.description = prompt.description;
      return t;
    }
    if (selection.kind === 'template') {
      const tpl = templates.data?.find((t) => t.uriTemplate === selection.name);
      const vars = templateVariables(selection.name);
      const properties: Record<string, RJSFSchema> = {};
      for (const v of vars) properties[v] = { type: 'string', title: v };
      const t: Target = {
        title: tpl?.name ?? selection.name,
        schema: { type: 'object', properties, required: vars },
        actionLabel: 'Read resource',
        build: (v) => ({ method: 'resources/read', params: { uri: fillTemplate(selection.name, v) } }),
      };
      if (tpl?.description) t.description = tpl.description;
      return t;
    }
    return {
      title: selection.name,
      schema: { type: 'object', properties: {} },
      actionLabel: 'Read resource',
      build: () => ({ method: 'resources/read', params: { uri: selection.name } }),
    };
  }, [selection, tools.data, prompts.data, templates.data]);

  if (!target) {
    return <p className="text-sm text-slate-500">Pick a tool, prompt or resource on the left.</p>;
  }
  const call = async (anyway = false) => {
    // busy is shown with aria-disabled (a disabled button would drop the keyboard focus): a second press is ignored,
    // also one that comes before the re-render
    if (busyRef.current) return;
    if (jsonProblem !== null) {
      setJsonRefused(true);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      if (!anyway) {
        // the arguments form's own validator (its chunk is already loaded: the form is on screen)
        const { argumentProblems } = await import('./argument-check.ts');
        const problems = argumentProblems(target.schema, values);
        if (problems.length > 0) {
          setRefused({ values, problems });
          return;
        }
      }
      setRefused(null);
      const built = target.build(values);
      const requestOptions = requestOptionsOf(options);
      if (options.askProgress) {
        setOptions((o) => ({ ...o, lastSentToken: o.progressToken, progressToken: newId('progress') }));
      }
      // then focus goes to the first request the server asks, or to the Result (a focus intent of the store)
      await startCall(
        { ...built, title: target.title, ...(requestOptions ? { requestOptions } : {}) },
        { focusFrom: 'Call' },
      );
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };
  const disabled = Boolean(target.invalidReason);
  return (
    <section ref={sectionRef} aria-label="Call" className="space-y-2">
      <h2 className="font-mono text-base font-semibold">{target.title}</h2>
      {target.description && <p className="text-sm whitespace-pre-wrap text-slate-600">{target.description}</p>}
      <ArgumentsEditor
        key={key}
        schema={target.schema}
        value={values}
        onChange={(v) => setCallArguments(key, v)}
        idPrefix={`arg-${key}`}
        resetKey={key}
        onJsonProblem={onJsonProblem}
      />
      <RequestOptionsPanel value={options} onChange={setOptions} />
      {jsonRefused && jsonProblem !== null && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          Not sent: the arguments JSON is not a JSON object yet. {jsonProblem}
        </p>
      )}
      {refused && refused.values === values && (
        <div role="alert" className="space-y-1 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
          <p className="font-medium">
            Not sent: the arguments do not match the{' '}
            {target.actionLabel === 'Call tool' ? "tool's inputSchema" : 'schema'}.
          </p>
          <ul className="ml-4 list-disc">
            {refused.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          <p>
            Fill them in and press {target.actionLabel} again, or send the call as it is to see how the server refuses
            it.
          </p>
          <Button variant="danger" onClick={() => void call(true)}>
            Send anyway
          </Button>
        </div>
      )}
      {target.invalidReason && (
        <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-900">
          {target.invalidReason}
        </p>
      )}
      <Button
        variant="primary"
        data-call-action=""
        onClick={() => void call()}
        disabled={disabled}
        aria-disabled={busy && !disabled ? true : undefined}
        className={busy ? 'cursor-wait opacity-60' : ''}
      >
        {target.actionLabel}
      </Button>
    </section>
  );
}
