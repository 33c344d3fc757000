/**
 * `mrtr-inspector` (no subcommand): one loopback node:http server with the built app, the relay, the runtime config
 * and, on request, the bundled mock and stdio servers. The relay, its protections and the config are the very
 * handlers `npm start` mounts through the Vite plugin. Node-only; nothing from the dev tool chain.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { TAP_CONNECT_PATH } from '../tap/tap-wire.ts';
import {
  createClientMetadataHandler,
  createConfigHandler,
  inspectorConfig,
  loopbackHosts,
  newRelayToken,
  relayLimitsFromEnv,
  type ConfigEndpoint,
} from '../inspector-config.ts';
import { pageCsp, securityHeadersMiddleware } from '../page-security.ts';
import type { MockServerHandle, StartMockServerOptions } from '../mock-server/start.ts';
import { createRelayHandler } from '../relay/relay.ts';
import { createProxyRoutes } from '../proxy/proxy-routes.ts';
import { createProxySet, type ProxySet } from '../proxy/proxy-set.ts';
import type { RunningProxy } from '../proxy/proxy-server.ts';
import { createFreshInstances } from '../tap/tap-fresh.ts';
import { openTapDoor } from '../tap/tap-routes.ts';
import { createStaticHandler } from './static-files.ts';
import { stderrRoute, type StdioLog } from './stdio-endpoints.ts';

/** A server reachable only through the relay: the relay's fetch hands it requests for `url` instead of the network. */
export interface LocalEndpoint {
  label: string;
  /** the loopback URL the page connects to (through the relay) */
  url: string;
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export interface InspectorServerOptions {
  /** 0 picks a free port */
  port: number;
  /** the built app (dist/) */
  distDir: string;
  /** start the bundled mock (on its own ephemeral loopback port) */
  mock?: boolean | StartMockServerOptions;
  /** endpoints the relay serves in-process (stdio bridges); made once the app's port is known */
  localEndpoints?: (appBase: string) => Promise<LocalEndpoint[]>;
  /** servers to proxy (`--proxy`): each gets a loopback URL any MCP client can use instead of the server's */
  proxyTargets?: readonly string[];
  /** the stdio bridges of `localEndpoints`, whose stderr the stdio log reads (with the fresh instances of taps) */
  stdioLogs?: readonly StdioLog[];
}

export interface InspectorServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  token: string;
  mock?: MockServerHandle;
  endpoints: LocalEndpoint[];
  /** the proxies started from the command line (the page may start more) */
  proxies: RunningProxy[];
  proxySet: ProxySet;
  close(): Promise<void>;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

function chain(
  handlers: Middleware[],
  last: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const step = (i: number): void => {
      const handler = handlers[i];
      if (!handler) return last(req, res);
      handler(req, res, () => step(i + 1));
    };
    step(0);
  };
}

export async function startInspectorServer(opts: InspectorServerOptions): Promise<InspectorServer> {
  const token = newRelayToken();
  let mock: MockServerHandle | undefined;
  if (opts.mock) {
    const { startMockServer } = await import('../mock-server/start.ts');
    mock = await startMockServer({ port: 0, ...(opts.mock === true ? {} : opts.mock) });
  }
  let endpoints: LocalEndpoint[] = [];
  const serveStatic = createStaticHandler(opts.distDir);
  const server = createServer();
  const appHosts = () => loopbackHosts(server.address());
  const local = new Map<string, LocalEndpoint>();
  const relayFetch: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const endpoint = local.get(url);
    const handle = endpoint ? (r: Request) => endpoint.handle(r) : fresh.handlerFor(url);
    return handle ? handle(new Request(url, init)) : globalThis.fetch(input, init);
  };
  // a proxy reaches a stdio endpoint the way the relay does (its URL exists only in-process); any other over node:http
  const proxySet = createProxySet({
    fetchFor: (target) => ([...local.keys()].some((u) => new URL(u).href === target) ? relayFetch : undefined),
    limits: relayLimitsFromEnv(),
  });
  const config = () => ({
    ...inspectorConfig(
      token,
      mock,
      endpoints.map((e): ConfigEndpoint => ({ label: e.label, url: e.url })),
    ),
    // the proxies and the stdio taps connected: the page follows their traffic once there is one
    proxy: { enabled: true, running: proxySet.hub.list().length },
  });
  // fresh instances of tapped servers, launched by their taps: in-process URLs like the stdio endpoints'
  const fresh = createFreshInstances(proxySet.hub);
  const handlers: Middleware[] = [
    // the same headers, relay limits and routes as `npm run preview` (inspector-plugin.ts)
    securityHeadersMiddleware(pageCsp({ header: true })),
    createRelayHandler({ token, appHosts, fetchImpl: relayFetch, ...relayLimitsFromEnv() }),
    createClientMetadataHandler(appHosts),
    createConfigHandler({ appHosts, config }),
    createProxyRoutes({ token, appHosts, proxies: proxySet, fresh }),
    // each stdio server's state and stderr: the command line's, and the fresh instances taps launched for the page
    stderrRoute({ token, appHosts }, () => [...(opts.stdioLogs ?? []), ...fresh.logs()]),
  ];
  server.on(
    'request',
    chain(handlers, (req, res) => {
      serveStatic(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    }),
  );
  // stdio taps (`mrtr-inspector tap`) report to the same hub; the secret for this port is written once it listens
  const tapDoor = openTapDoor(server, proxySet.hub, {
    appHosts,
    warn: (m) => console.error(`mrtr-inspector: ${m}`),
    fresh,
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    if (!socket.destroyed && !socket.writableEnded && req.url?.split('?')[0] !== TAP_CONNECT_PATH) socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // loopback only: the relay must never be reachable from the network
    server.listen(opts.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (err: unknown) => {
    await mock?.close();
    throw err;
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    endpoints = (await opts.localEndpoints?.(url)) ?? [];
  } catch (err) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await mock?.close();
    throw err;
  }
  for (const e of endpoints) local.set(e.url, e);
  const proxies: RunningProxy[] = [];
  try {
    for (const target of opts.proxyTargets ?? []) proxies.push(await proxySet.start(target));
  } catch (err) {
    await proxySet.close();
    await Promise.allSettled(endpoints.map((e) => e.close()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await mock?.close();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    token,
    ...(mock ? { mock } : {}),
    endpoints,
    proxies,
    proxySet,
    close: () =>
      (closing ??= (async () => {
        tapDoor.close();
        await proxySet.close();
        await Promise.allSettled(endpoints.map((e) => e.close()));
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await mock?.close();
      })()),
  };
}
