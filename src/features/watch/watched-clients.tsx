import { HoldSwitches } from './hold-switches.tsx';
import { timeOfDay } from '../../lib/text.ts';
import type { HeldStage, ProxyInfo, TapInfo } from '../../protocol/proxy-wire.ts';
import { TapEntry, type TapLogEntry } from './tap-entry.tsx';

export interface WatchedClientsProps {
  proxies: ProxyInfo[];
  /** each stdio tap's server log, by the tap's id */
  tapLogs?: Record<string, readonly TapLogEntry[]>;
  /** the event stream from the proxies is up */
  connected: boolean;
  /** the server the page is connected to, when a proxy can be started for it */
  currentServer?: string;
  error?: string;
  /** this page fell behind the proxies' traffic and missed some of it (ms epoch of the notice) */
  missedAt?: number;
  onHold: (proxyId: string, stage: HeldStage, on: boolean) => void;
  onStart: (target: string) => void;
  onStop: (proxyId: string) => void;
}

function counts(p: ProxyInfo): string {
  const { requests, responses, refused } = p.counts;
  return `${requests} request${requests === 1 ? '' : 's'} · ${responses} answer${responses === 1 ? '' : 's'}${
    refused ? ` · ${refused} refused` : ''
  }`;
}

/**
 * The proxies between real MCP clients and their servers: where a client should point, the target, the traffic
 * counts and the hold switches. Their traffic is in the Timeline, one conversation per call, labelled with the client.
 */
export function WatchedClients(props: WatchedClientsProps) {
  const { proxies, tapLogs = {}, connected, currentServer, error, missedAt, onHold, onStart, onStop } = props;
  const covered = currentServer !== undefined && proxies.some((p) => p.target === currentServer);
  const start = currentServer && !covered && (
    <button
      type="button"
      className="mt-2 rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50"
      title="Serve a loopback URL that any MCP client can use instead of this server's, and watch its traffic here"
      onClick={() => onStart(currentServer)}
    >
      Start a proxy for this server
    </button>
  );
  // until a proxy runs, only the way to start one: the region appears with the first proxy
  if (proxies.length === 0) {
    return (
      <div className="mb-4">
        {start}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <section aria-label="Watched clients" className="mb-4 rounded border border-slate-200 bg-white p-3 text-sm">
      <h2 className="mb-2 font-semibold">Watched clients</h2>
      {!connected && <p className="text-xs text-slate-600">Connecting to the inspector's proxies…</p>}
      {missedAt !== undefined && (
        <p role="status" className="text-xs text-amber-800">
          This page fell behind the proxies' traffic (at {timeOfDay(missedAt)}) and missed some of it: the inspector
          keeps only the most recent traffic for a page that stops reading. The calls in flight then are shown cut; the
          traffic after them is complete.
        </p>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      {proxies.length === 0 && (
        <p className="text-xs text-slate-600">
          No proxy yet. Start one here, or run <code>mrtr-inspector --proxy &lt;server URL&gt;</code>, then point any
          MCP client at the proxy URL.
        </p>
      )}
      <ul className="space-y-2">
        {proxies.map((p) =>
          p.tap ? (
            <TapEntry
              key={p.id}
              tap={p as ProxyInfo & { tap: TapInfo }}
              log={tapLogs[p.id] ?? []}
              counts={counts(p)}
              onHold={onHold}
            />
          ) : (
            <li key={p.id} aria-label={`proxy to ${p.target}`} className="rounded border border-slate-200 p-2">
              <p className="text-xs">
                proxy <code className="break-all">{p.url}</code> → <code className="break-all">{p.target}</code>
              </p>
              <p className="text-xs text-slate-600">{counts(p)}</p>
              <div className="mt-1 flex flex-wrap gap-3">
                <HoldSwitches id={p.id} holdRequests={p.holdRequests} holdResponses={p.holdResponses} onHold={onHold} />
                <button
                  type="button"
                  className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50"
                  title="Close this proxy's port: a client still using it gets a refused connection"
                  onClick={() => onStop(p.id)}
                >
                  Stop proxy
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
      {start}
    </section>
  );
}
