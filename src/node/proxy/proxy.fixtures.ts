/**
 * A proxy on loopback in front of a test upstream, with every hub event collected; an app server with only the
 * page's proxy routes; and a raw `node:http` request helper (fetch may not set `Host`, which the security tests forge).
 */
import http from 'node:http';
import { PROXY_CONTROL_PATH, type ProxyEvent } from '../../protocol/proxy-wire.ts';
import { listen, type TestServer } from '../test-servers/listen.fixtures.ts';
import { createProxyRoutes } from './proxy-routes.ts';
import { startProxy, type ProxyOptions, type RunningProxy } from './proxy-server.ts';
import { createProxySet, type ProxySet } from './proxy-set.ts';
import { TrafficHub } from './traffic-hub.ts';

export interface ProxyUnderTest extends TestServer {
  proxy: RunningProxy;
  hub: TrafficHub;
  events: ProxyEvent[];
  /** resolves with the first event that `match` accepts (already seen, or when it comes) */
  next<T extends ProxyEvent['type']>(
    type: T,
    match?: (e: Extract<ProxyEvent, { type: T }>) => boolean,
  ): Promise<Extract<ProxyEvent, { type: T }>>;
}

export async function proxyFor(
  target: string,
  extra: Partial<Omit<ProxyOptions, 'target' | 'hub' | 'id'>> = {},
): Promise<ProxyUnderTest> {
  const hub = new TrafficHub();
  const events: ProxyEvent[] = [];
  const waiters = new Set<(e: ProxyEvent) => void>();
  hub.subscribe((e) => {
    events.push(e);
    for (const w of [...waiters]) w(e);
  });
  const proxy = await startProxy({ id: 'p1', target, hub, ...extra });
  const url = new URL(proxy.url);
  return {
    proxy,
    hub,
    events,
    url: proxy.url,
    origin: url.origin,
    host: url.host,
    port: Number(url.port),
    close: () => proxy.close(),
    next: (type, match) =>
      new Promise((resolve) => {
        type E = Extract<ProxyEvent, { type: typeof type }>;
        const ok = (e: ProxyEvent): e is E => e.type === type && (!match || match(e as never));
        const seen = events.find(ok);
        if (seen) return resolve(seen as never);
        const waiter = (e: ProxyEvent) => {
          if (!ok(e)) return;
          waiters.delete(waiter);
          resolve(e as never);
        };
        waiters.add(waiter);
      }),
  };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with exactly these headers (Host included); the body, if any, is sent as is. */
export function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; path?: string },
): Promise<RawAnswer> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: opts.path ?? u.pathname + u.search,
        method: opts.method ?? 'POST',
        headers: opts.headers ?? {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

export const PROXY_APP_TOKEN = 'proxy-test-token-0123456789';

/** An app server with the page's proxy routes (`/__proxy/events`, `/__proxy/control`) and its proxy set. */
export async function proxyApp(
  opts: { maxBehindBytes?: number; hub?: TrafficHub } = {},
): Promise<TestServer & { proxies: ProxySet }> {
  let host = '';
  const proxies = createProxySet(opts.hub ? { hub: opts.hub } : {});
  const routes = createProxyRoutes({
    token: PROXY_APP_TOKEN,
    appHosts: () => [host],
    proxies,
    ...(opts.maxBehindBytes !== undefined ? { maxBehindBytes: opts.maxBehindBytes } : {}),
  });
  const server = await listen((req, res) => routes(req, res, () => res.writeHead(404).end()));
  host = server.host;
  return {
    ...server,
    proxies,
    close: async () => {
      await proxies.close();
      await server.close();
    },
  };
}

/** A control to `app`, with the page's token unless `headers` says otherwise. */
export function controlRequest(
  app: TestServer,
  body: unknown,
  headers: Record<string, string> = { 'x-relay-token': PROXY_APP_TOKEN },
): Promise<RawAnswer> {
  return rawRequest(`${app.origin}${PROXY_CONTROL_PATH}`, {
    headers: { host: app.host, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
