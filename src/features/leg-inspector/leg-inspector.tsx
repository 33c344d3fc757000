import { useMemo, useState, type ReactNode } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { JsonText } from '../../components/ui/json-text.tsx';
import { TabList, TabPanel, type TabSpec } from '../../components/ui/tabs.tsx';
import type { Exchange } from '../../protocol/exchange.ts';
import type { LintFinding } from '../../protocol/lint/lint-types.ts';
import { CopyPanel } from './copy-panel.tsx';
import { HeadersTable } from './headers-table.tsx';
import { JsonTree } from './json-tree.tsx';
import { LintList } from './lint-list.tsx';
import { SSE_EVENT_CHARS, SseEventList } from './sse-event-list.tsx';
import { groupDigits } from '../../lib/text.ts';

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function Body({
  text,
  parsed,
  raw,
  label,
  maxChars,
}: {
  text: string;
  parsed?: unknown;
  raw: boolean;
  label: string;
  /** characters of raw text shown before "Show all" (JsonText's default when absent) */
  maxChars?: number;
}) {
  // parsed only for the tree: the Raw view of a page of 64 KiB SSE events parsed each of them for nothing
  const value = useMemo(
    () => (raw ? undefined : parsed !== undefined ? { ok: true as const, value: parsed } : parse(text)),
    [raw, text, parsed],
  );
  if (!value?.ok) return <JsonText value={text} label={label} {...(maxChars ? { maxChars } : {})} />;
  return <JsonTree value={value.value} label={label} />;
}

type Tab = 'request' | 'response' | 'events' | 'lint' | 'diff' | 'copy';

/** One leg: request and response (headers, pretty JSON, raw), SSE events, lint, diff and copy as cURL / fetch. */
export function LegInspector({
  exchange,
  title,
  findings = [],
  diff,
  onFork,
  onForkIntoComposer,
  onAudit,
  extra,
  serverLog,
}: {
  exchange: Exchange;
  title: string;
  findings?: readonly LintFinding[];
  /** the leg diff view, composed by the screen */
  diff?: ReactNode;
  onFork?: () => void;
  /** a watched client's leg: step it by hand in the app's own composer */
  onForkIntoComposer?: () => void;
  /** a watched client's call: audit the server's handling of it */
  onAudit?: () => void;
  extra?: ReactNode;
  /** the line of the server's own log that says why it refused this leg's state (a stdio server's stderr) */
  serverLog?: ReactNode;
}) {
  const [tab, setTab] = useState<Tab>('response');
  const [raw, setRaw] = useState(false);
  const res = exchange.response;
  const tabs: TabSpec<Tab>[] = [
    { id: 'request', label: 'Request' },
    { id: 'response', label: 'Response' },
  ];
  if (res?.sseEvents) tabs.push({ id: 'events', label: `SSE events (${res.sseEvents.length})` });
  tabs.push({ id: 'lint', label: `Lint (${findings.length})` });
  if (diff) tabs.push({ id: 'diff', label: 'Diff' });
  tabs.push({ id: 'copy', label: 'Copy' });
  const shown = tabs.some((t) => t.id === tab) ? tab : 'response';
  const errors = findings.filter((f) => f.severity === 'error').length;
  return (
    <section aria-label="Leg inspector" className="space-y-2">
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        {res && <Badge>HTTP {res.status}</Badge>}
        {exchange.failure && <Badge tone="bad">{exchange.failure.kind}</Badge>}
        {exchange.viaRelay && <Badge>via relay</Badge>}
        {errors > 0 && (
          <Badge tone="bad">
            {errors} lint error{errors === 1 ? '' : 's'}
          </Badge>
        )}
        <span className="text-xs text-slate-500">
          {Math.round(exchange.durationMs)} ms
          {exchange.headersMs !== undefined ? ` (headers after ${Math.round(exchange.headersMs)} ms)` : ''}
          {res ? ` · ${groupDigits(res.size)} B` : ''}
        </span>
        {onFork && (
          <Button variant="ghost" onClick={onFork}>
            Fork from this leg
          </Button>
        )}
        {onForkIntoComposer && (
          <Button variant="ghost" onClick={onForkIntoComposer}>
            Fork into composer
          </Button>
        )}
        {onAudit && (
          <Button variant="ghost" onClick={onAudit}>
            Audit this call
          </Button>
        )}
      </header>
      {serverLog}
      <div className="flex flex-wrap items-end gap-1">
        <TabList label="Leg parts" tabs={tabs} selected={shown} onSelect={setTab} idPrefix="leg" />
        <label className="ml-auto flex items-center gap-1 text-xs">
          <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} /> Raw
        </label>
      </div>
      <TabPanel idPrefix="leg" selected={shown}>
        {shown === 'request' && (
          <div className="space-y-2">
            <p className="font-mono text-xs break-all">POST {exchange.request.url}</p>
            <HeadersTable headers={exchange.request.headers} label="Request headers" />
            <Body text={exchange.request.body} raw={raw} label="Request body" />
          </div>
        )}
        {shown === 'response' &&
          (res ? (
            <div className="space-y-2">
              {/* an answer that began and then failed (a stream cut, a held answer dropped): say what happened */}
              {exchange.failure && <p className="text-sm text-red-800">{exchange.failure.message}</p>}
              <p className="font-mono text-xs">
                {res.status} {res.statusText} · {res.contentType || 'no content type'}
                {res.truncated ? ' · stream ended without a result' : ''}
              </p>
              <HeadersTable headers={res.headers} label="Response headers" />
              <Body text={res.body} parsed={exchange.message} raw={raw} label="Response body" />
            </div>
          ) : (
            <p className="text-sm text-red-800">{exchange.failure?.message ?? 'No response.'}</p>
          ))}
        {shown === 'events' && res?.sseEvents && (
          <SseEventList
            events={res.sseEvents}
            body={(ev, i) => <Body text={ev.data} raw={raw} label={`SSE event ${i + 1}`} maxChars={SSE_EVENT_CHARS} />}
          />
        )}
        {shown === 'lint' && <LintList findings={findings} />}
        {shown === 'diff' && diff}
        {shown === 'copy' && <CopyPanel request={exchange.request} />}
      </TabPanel>
      {extra}
    </section>
  );
}
