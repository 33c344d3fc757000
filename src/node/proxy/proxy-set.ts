/**
 * The proxies of one inspector process: those the command line asked for (`--proxy`) and those the page starts for
 * its current server, all reporting to one traffic hub. Node-only.
 */
import type { Clock } from '../clock.ts';
import { parseTarget } from '../relay/relay-http.ts';
import { startProxy, type ProxyLimits, type RunningProxy } from './proxy-server.ts';
import { TrafficHub } from './traffic-hub.ts';

export interface ProxySetOptions {
  limits?: Partial<ProxyLimits>;
  /**
   * the fetch a proxy for `target` sends through, when not `node:http(s)`: the CLI's in-process stdio endpoints, each
   * one server with one 2025-11-25 session (the proxy refuses a client's own, `oneSession`)
   */
  fetchFor?: (target: string) => typeof fetch | undefined;
  clock?: Clock;
  hub?: TrafficHub;
}

export interface ProxySet {
  hub: TrafficHub;
  /** Start a proxy for `target` (one per target: asking again returns the running one). */
  start(target: string): Promise<RunningProxy>;
  /** Stop the proxy `id` and forget its traffic; false when no such proxy runs. Its target may be started again. */
  stop(id: string): Promise<boolean>;
  running(): readonly RunningProxy[];
  close(): Promise<void>;
}

export function createProxySet(opts: ProxySetOptions = {}): ProxySet {
  const hub = opts.hub ?? new TrafficHub();
  const proxies: RunningProxy[] = [];
  const starting = new Map<string, Promise<RunningProxy>>();
  // never reused: a page that saw p1 stop must not take a new proxy for it
  let started = 0;
  return {
    hub,
    start(raw) {
      // http(s) only, no user:pass@: the same rule as a relay target
      const target = parseTarget(raw).href;
      const known = starting.get(target);
      if (known) return known;
      const fetchImpl = opts.fetchFor?.(target);
      const starts = startProxy({
        id: `p${++started}`,
        target,
        hub,
        ...(opts.limits ? { limits: opts.limits } : {}),
        // the CLI's in-process endpoints are stdio bridges: one server process, one 2025-11-25 session
        ...(fetchImpl ? { fetchImpl, oneSession: true } : {}),
        ...(opts.clock ? { clock: opts.clock } : {}),
      }).then((p) => {
        proxies.push(p);
        return p;
      });
      starting.set(target, starts);
      starts.catch(() => starting.delete(target));
      return starts;
    },
    async stop(id) {
      const p = proxies.find((x) => x.id === id);
      if (!p) return false;
      proxies.splice(proxies.indexOf(p), 1);
      starting.delete(p.target);
      // closing cuts its clients' connections: whatever it held ends as the client leaving
      await p.close();
      hub.removeProxy(id);
      return true;
    },
    running: () => proxies,
    close: async () => {
      hub.releaseAll();
      await Promise.allSettled(proxies.map((p) => p.close()));
    },
  };
}
