import { paramHeaderDeclarations } from '../../protocol/param-headers.ts';
import type {
  PromptDescriptor,
  ResourceDescriptor,
  ResourceTemplateDescriptor,
  ToolDescriptor,
} from '../../protocol/types.ts';

/** One pick of the catalog: a tool, prompt, resource or resource template, by its name (or URI, URI template). */
export interface CatalogItem {
  kind: 'tool' | 'prompt' | 'resource' | 'template';
  /** tool/prompt name, resource uri or template uriTemplate */
  name: string;
}

/** One list as its query holds it: still loading, failed, or its items. */
interface CatalogList<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data?: T[];
}

export interface CatalogProps {
  /** false: no server is connected, and the lists are not read */
  connected: boolean;
  /** the connection itself failed (`server/discover` did not answer) */
  connectionFailed: boolean;
  tools: CatalogList<ToolDescriptor>;
  prompts: CatalogList<PromptDescriptor>;
  resources: CatalogList<ResourceDescriptor>;
  templates: CatalogList<ResourceTemplateDescriptor>;
  selection: CatalogItem | null;
  onSelect: (item: CatalogItem) => void;
}

function Section({ title, children, empty }: { title: string; children: React.ReactNode; empty: string | null }) {
  return (
    <section aria-label={title} className="mb-4">
      <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      {empty ? <p className="text-xs text-slate-500">{empty}</p> : <ul className="space-y-1">{children}</ul>}
    </section>
  );
}

/**
 * What a list section says instead of its items. While the connection itself failed (`server/discover` did not
 * answer), a list that failed too says only "Not connected.": the connection error is shown once, by the connection.
 */
function stateText(
  q: { isPending: boolean; isError: boolean; error: Error | null; data?: unknown[] },
  what: string,
  connectionFailed: boolean,
) {
  if (q.isPending) return `Loading ${what}…`;
  if (q.isError && connectionFailed) return 'Not connected.';
  if (q.isError) return `Could not list ${what}: ${q.error?.message ?? 'unknown error'}`;
  if (!q.data?.length) return `No ${what}.`;
  return null;
}

/** Tools, prompts and resources of the connected server, each a button that picks it. */
export function Catalog({
  connected,
  connectionFailed: failed,
  tools,
  prompts,
  resources,
  templates,
  selection,
  onSelect,
}: CatalogProps) {
  if (!connected) return <p className="p-3 text-sm text-slate-500">Connect to a server to list its tools.</p>;

  const item = (sel: CatalogItem, label: string, description?: string, flag?: string) => {
    const active = selection?.kind === sel.kind && selection.name === sel.name;
    const idBase = `catalog-${sel.kind}-${encodeURIComponent(sel.name).replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const describedBy = [description ? `${idBase}-desc` : '', flag ? `${idBase}-flag` : ''].filter(Boolean).join(' ');
    // The button's name is its visible text (the name); the description and any flag sit beside it, tied to it with
    // aria-describedby, and its ::after covers the whole item so a click anywhere on it still picks it.
    return (
      <li
        key={`${sel.kind}:${sel.name}`}
        className={`relative rounded px-2 py-1 ${active ? 'bg-indigo-100' : 'hover:bg-slate-100'}`}
      >
        <button
          type="button"
          aria-pressed={active}
          aria-describedby={describedBy || undefined}
          onClick={() => onSelect(sel)}
          className="block w-full text-left font-mono text-sm text-slate-900 after:absolute after:inset-0 after:rounded focus:outline-none focus-visible:after:ring-2 focus-visible:after:ring-indigo-500"
        >
          {label}
        </button>
        {description && (
          <span id={`${idBase}-desc`} className="line-clamp-2 block text-xs text-slate-600">
            {description}
          </span>
        )}
        {flag && (
          <span id={`${idBase}-flag`} className="block text-xs text-red-700">
            {flag}
          </span>
        )}
      </li>
    );
  };

  return (
    <nav aria-label="Server catalog" className="p-3">
      {failed && (
        <p className="mb-3 text-xs text-red-700">
          Not connected: the connection failed (the reason is shown with the connection), so nothing is listed.
        </p>
      )}
      <Section title="Tools" empty={stateText(tools, 'tools', failed)}>
        {tools.data?.map((t) => {
          const invalid = paramHeaderDeclarations(t.inputSchema).invalid;
          const flag = invalid.length
            ? `invalid x-mcp-header (${invalid.map((i) => `${i.argument}: ${i.reason}`).join('; ')}): not callable`
            : undefined;
          return item({ kind: 'tool', name: t.name }, t.name, t.description, flag);
        })}
      </Section>
      <Section title="Prompts" empty={stateText(prompts, 'prompts', failed)}>
        {prompts.data?.map((p) => item({ kind: 'prompt', name: p.name }, p.name, p.description))}
      </Section>
      <Section title="Resources" empty={stateText(resources, 'resources', failed)}>
        {resources.data?.map((r) => item({ kind: 'resource', name: r.uri }, r.name ?? r.uri, r.uri))}
      </Section>
      <Section title="Resource templates" empty={stateText(templates, 'resource templates', failed)}>
        {templates.data?.map((t) =>
          item({ kind: 'template', name: t.uriTemplate }, t.name ?? t.uriTemplate, t.uriTemplate),
        )}
      </Section>
    </nav>
  );
}
