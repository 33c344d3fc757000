import { useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { JsonText } from '../../components/ui/json-text.tsx';
import type { Exchange, HeaderList } from '../../protocol/exchange.ts';
import { isMcpHeader } from '../../protocol/headers.ts';

function HeadersTable({ headers, label }: { headers: HeaderList; label: string }) {
  return (
    <table aria-label={label} className="w-full text-left font-mono text-xs">
      <tbody>
        {headers.map(([k, v], i) => (
          <tr key={`${k}-${i}`} className={isMcpHeader(k) ? 'bg-indigo-50' : ''}>
            <th className="pr-2 align-top font-semibold whitespace-nowrap">{k}</th>
            <td className="break-all">{/^authorization$/i.test(k) ? `${v.slice(0, 7)}•••` : v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function pretty(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type Tab = 'request' | 'response' | 'events';

/** The raw request and response of one leg: headers, pretty JSON, raw text, SSE events. */
export function LegInspector({
  exchange,
  title,
  onFork,
  extra,
}: {
  exchange: Exchange;
  title: string;
  onFork?: () => void;
  extra?: React.ReactNode;
}) {
  const [tab, setTab] = useState<Tab>('response');
  const [raw, setRaw] = useState(false);
  const res = exchange.response;
  const tabs: [Tab, string][] = [
    ['request', 'Request'],
    ['response', 'Response'],
  ];
  if (res?.sseEvents) tabs.push(['events', `SSE events (${res.sseEvents.length})`]);
  return (
    <section aria-label="Leg inspector" className="space-y-2">
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        {res && <Badge>HTTP {res.status}</Badge>}
        {exchange.failure && <Badge tone="bad">{exchange.failure.kind}</Badge>}
        {exchange.viaRelay && <Badge>via relay</Badge>}
        <span className="text-xs text-slate-500">
          {Math.round(exchange.durationMs)} ms{res ? ` · ${res.size} B` : ''}
        </span>
        {onFork && (
          <Button variant="ghost" onClick={onFork}>
            Fork from this leg
          </Button>
        )}
      </header>
      <div role="tablist" aria-label="Leg parts" className="flex gap-1">
        {tabs.map(([id, label]) => (
          <button
            key={id}
            role="tab"
            type="button"
            aria-selected={tab === id}
            onClick={() => setTab(id)}
            className={`rounded-t px-2 py-1 text-xs ${tab === id ? 'bg-slate-800 text-white' : 'bg-slate-100'}`}
          >
            {label}
          </button>
        ))}
        <label className="ml-auto flex items-center gap-1 text-xs">
          <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} /> Raw
        </label>
      </div>
      <div role="tabpanel" aria-label={tab}>
        {tab === 'request' && (
          <div className="space-y-2">
            <p className="font-mono text-xs">POST {exchange.request.url}</p>
            <HeadersTable headers={exchange.request.headers} label="Request headers" />
            <JsonText value={raw ? exchange.request.body : pretty(exchange.request.body)} label="Request body" />
          </div>
        )}
        {tab === 'response' &&
          (res ? (
            <div className="space-y-2">
              <p className="font-mono text-xs">
                {res.status} {res.statusText} · {res.contentType || 'no content type'}
                {res.truncated ? ' · stream ended without a result' : ''}
              </p>
              <HeadersTable headers={res.headers} label="Response headers" />
              <JsonText
                value={raw || exchange.message === undefined ? res.body : exchange.message}
                label="Response body"
              />
            </div>
          ) : (
            <p className="text-sm text-red-800">{exchange.failure?.message ?? 'No response.'}</p>
          ))}
        {tab === 'events' && res?.sseEvents && (
          <ol aria-label="SSE events" className="space-y-1">
            {res.sseEvents.map((ev, i) => (
              <li key={i} className="rounded border border-slate-200 p-1">
                <p className="text-xs text-slate-500">
                  +{Math.round(ev.at)} ms {ev.event ? `event: ${ev.event}` : ''}
                </p>
                <JsonText value={raw ? ev.data : pretty(ev.data)} />
              </li>
            ))}
          </ol>
        )}
      </div>
      {extra}
    </section>
  );
}
