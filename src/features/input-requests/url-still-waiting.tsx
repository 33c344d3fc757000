import { useState } from 'react';
import type { PendingUrlFlow } from './pending-url-flow.ts';
import { UrlElicitation } from './url-elicitation.tsx';

export interface UrlStillWaitingProps {
  flows: PendingUrlFlow[];
  serverName?: string;
}

/**
 * The "still waiting" screen of a URL flow: the page the server waits for, shown again through the same consent card
 * (full URL, highlighted domain, warnings, opened only on click in a new tab), so an Accept pressed too early is not a
 * dead end. Nothing is answered here: the user finishes the page, then sends the retry.
 */
export function UrlStillWaiting({ flows, serverName }: UrlStillWaitingProps) {
  const [opened, setOpened] = useState<Record<string, true>>({});
  if (flows.length === 0) return null;
  return (
    <section
      aria-label="Page the server waits for"
      className="space-y-2 rounded-lg border border-sky-200 bg-white p-3 shadow-sm"
    >
      <h3 className="text-sm font-semibold">The page the server waits for</h3>
      {flows.map((f) => (
        <div key={f.key} className="space-y-1">
          <p className="font-mono text-xs text-slate-500">{f.key}</p>
          <UrlElicitation
            params={f.request.params}
            serverName={serverName}
            opened={Boolean(opened[f.key])}
            onOpened={() => setOpened((o) => ({ ...o, [f.key]: true }))}
          />
        </div>
      ))}
    </section>
  );
}
