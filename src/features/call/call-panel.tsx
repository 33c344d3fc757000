import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { useQueryEnv } from '../../queries/query-env.ts';
import { useInspector } from '../../store/store-context.tsx';
import { Button } from '../../components/ui/button.tsx';
import { paramHeaderDeclarations } from '../../protocol/headers.ts';
import type { JsonObject } from '../../protocol/types.ts';
import { promptsQuery, templatesQuery, toolsQuery } from '../../queries/server-queries.ts';
import { connectedQuery } from '../../queries/connected-query.ts';
import { fillTemplate, templateVariables } from './uri-template.ts';

const SchemaForm = lazy(() => import('./schema-form.tsx'));

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

/** The picked tool/prompt/resource: its arguments form and the button that starts a call. */
export function CallPanel() {
  const env = useQueryEnv();
  const { selection, startCall } = useInspector((s) => ({ selection: s.selection, startCall: s.startCall }));
  const tools = useQuery(connectedQuery(env, toolsQuery));
  const prompts = useQuery(connectedQuery(env, promptsQuery));
  const templates = useQuery(connectedQuery(env, templatesQuery));
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const key = selection ? `${selection.kind}:${selection.name}` : '';
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setValues({});
  }

  const target = useMemo<Target | null>(() => {
    if (!selection) return null;
    if (selection.kind === 'tool') {
      const tool = tools.data?.find((t) => t.name === selection.name);
      if (!tool) return null;
      const invalid = paramHeaderDeclarations(tool.inputSchema).invalid;
      const t: Target = {
        title: tool.name,
        schema: (tool.inputSchema ?? { type: 'object' }) as RJSFSchema,
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
      if (invalid.length) {
        t.invalidReason = `This tool declares an invalid x-mcp-header (${invalid.map((i) => `${i.argument}: ${i.reason}`).join('; ')}). The spec says clients must not call it.`;
      }
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
  const call = async () => {
    setBusy(true);
    try {
      const built = target.build(values);
      await startCall({ ...built, title: target.title });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label="Call" className="space-y-2">
      <h2 className="font-mono text-base font-semibold">{target.title}</h2>
      {target.description && <p className="text-sm whitespace-pre-wrap text-slate-600">{target.description}</p>}
      <Suspense fallback={<p className="text-sm text-slate-500">Loading form…</p>}>
        <SchemaForm schema={target.schema} value={values} onChange={setValues} idPrefix={`arg-${key}`} />
      </Suspense>
      {target.invalidReason && (
        <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-900">
          {target.invalidReason}
        </p>
      )}
      <Button variant="primary" onClick={call} disabled={busy || Boolean(target.invalidReason)}>
        {target.actionLabel}
      </Button>
    </section>
  );
}
