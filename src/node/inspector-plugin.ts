import type { Server as HttpServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import { randomBytes } from 'node:crypto';
import {
  createClientMetadataHandler,
  createConfigHandler,
  inspectorConfig,
  loopbackHosts,
  newRelayToken,
  relayLimitsFromEnv,
} from './inspector-config.ts';
import { pageCsp, PAGE_CSP, securityHeadersMiddleware } from './page-security.ts';
import { createRelayHandler } from './relay/relay.ts';
import { isCallbackPage, rootedIndexHtml } from './rooted-index.ts';
import { createProxyRoutes } from './proxy/proxy-routes.ts';
import { createProxySet } from './proxy/proxy-set.ts';
import { stderrRoute } from './cli/stdio-endpoints.ts';
import { createFreshInstances } from './tap/tap-fresh.ts';
import { openTapDoor } from './tap/tap-routes.ts';

export interface InspectorPluginOptions {
  /**
   * start the bundled mock MCP server in this process. Default: on for the dev server (`npm start`; MOCK=0 turns it
   * off), off for `vite preview` (MOCK=1 turns it on). With MOCK_URL set (a mock started elsewhere, e.g. by
   * Playwright's own webServer entry) nothing is started and the page is pointed at that URL instead.
   */
  mock?: boolean;
  /** mock port (default MOCK_PORT or 8765) */
  mockPort?: number;
}

type AnyServer = ViteDevServer | PreviewServer;

/** A mock server started by someone else, named by its base URL (`http://127.0.0.1:18765`) or its `/mcp` URL. */
function externalMock(raw: string): { mcpUrl: string; url: string; close(): Promise<void> } {
  const base = raw.replace(/\/+$/, '').replace(/\/mcp$/, '');
  return { url: base, mcpUrl: `${base}/mcp`, close: async () => {} };
}

function appHostsOf(server: AnyServer): string[] {
  return loopbackHosts(server.httpServer?.address() as AddressInfo | string | null | undefined);
}

/**
 * `npm start` = Vite + this plugin: it starts the bundled mock MCP server, mounts the same-origin relay, and tells the
 * page (GET /__inspector/config) where the mock is and the per-launch relay token.
 */
export function inspectorPlugin(opts: InspectorPluginOptions = {}): Plugin {
  const token = newRelayToken();
  // Vite puts it on the scripts it injects into the dev page (React refresh preamble) and on its style tags
  const devNonce = randomBytes(18).toString('base64url');
  let mock: { mcpUrl: string; url: string; close(): Promise<void> } | undefined;

  async function setup(server: AnyServer, isPreview: boolean) {
    // first, so every response (the page, its modules, the relay, the config) carries them
    server.middlewares.use(
      securityHeadersMiddleware(pageCsp({ header: true, ...(isPreview ? {} : { nonce: devNonce }) })),
    );
    // the built page served below the root (the sign-in window's /oauth/callback): its relative URLs made absolute
    if (isPreview) {
      const outDir = server.config.build.outDir;
      server.middlewares.use((req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !isCallbackPage(req.url ?? '/')) return next();
        readFile(resolve(server.config.root, outDir, 'index.html'), 'utf8').then((html) => {
          const page = rootedIndexHtml(html);
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
          res.end(req.method === 'HEAD' ? undefined : page);
        }, next);
      });
    }
    const external = process.env.MOCK_URL ? externalMock(process.env.MOCK_URL) : undefined;
    if (external) mock = external;
    const wantMock = opts.mock ?? (isPreview ? process.env.MOCK === '1' : process.env.MOCK !== '0');
    if (wantMock && !mock) {
      const { startMockServer } = await import('./mock-server/start.ts');
      const port = opts.mockPort ?? Number(process.env.MOCK_PORT ?? 8765);
      try {
        mock = await startMockServer({ port });
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        server.config.logger.error(
          code === 'EADDRINUSE'
            ? `  Mock MCP server: port ${port} is in use. Set MOCK_PORT to another port, or MOCK=0 to skip the mock.`
            : `  Mock MCP server failed to start: ${String(err)}`,
        );
      }
      if (mock) server.config.logger.info(`  ➜  Mock MCP server: ${mock.mcpUrl}`);
      server.httpServer?.once('close', () => void mock?.close());
    }
    // proxies the page starts for its current server (Watched clients); closed with the server
    const proxies = createProxySet({ limits: relayLimitsFromEnv() });
    // fresh instances of tapped servers, launched by their taps: URLs that exist only inside the relay
    const fresh = createFreshInstances(proxies.hub);
    const relay = createRelayHandler({
      token,
      appHosts: () => appHostsOf(server),
      fetchImpl: (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const handle = fresh.handlerFor(url);
        return handle ? handle(new Request(url, init)) : globalThis.fetch(input, init);
      },
      ...relayLimitsFromEnv(),
    });
    server.middlewares.use(relay);
    // this app's Client ID Metadata Document: its URL (under the Host the app is served at) is the client_id
    server.middlewares.use(createClientMetadataHandler(() => appHostsOf(server)));
    server.middlewares.use(
      createConfigHandler({
        appHosts: () => appHostsOf(server),
        config: () => ({
          ...inspectorConfig(token, mock),
          // the proxies and the stdio taps connected: the page follows their traffic once there is one
          proxy: { enabled: true, running: proxies.hub.list().length },
        }),
      }),
    );
    server.middlewares.use(createProxyRoutes({ token, appHosts: () => appHostsOf(server), proxies, fresh }));
    // the state and stderr of the fresh instances taps launched for the page (the stdio log, as `mrtr-inspector` serves it)
    server.middlewares.use(stderrRoute({ token, appHosts: () => appHostsOf(server) }, () => fresh.logs()));
    server.httpServer?.once('close', () => void proxies.close());
    // stdio taps (`mrtr-inspector tap`) report to the same hub, over the secret written for this port
    if (server.httpServer && 'listen' in server.httpServer)
      openTapDoor(server.httpServer as HttpServer, proxies.hub, {
        appHosts: () => appHostsOf(server),
        warn: (m) => server.config.logger.warn(`  ${m}`),
        fresh,
      });
  }

  return {
    name: 'mrtr-inspector',
    // Vite's default CORS rule lets any loopback origin read every dev/preview response (the config and its token
    // included); the app is same-origin with everything it loads, so it needs none
    config: (_config, env) => ({
      server: { cors: false },
      preview: { cors: false },
      ...(env.command === 'serve' && !env.isPreview ? { html: { cspNonce: devNonce } } : {}),
    }),
    configureServer: (server) => setup(server, false),
    configurePreviewServer: (server) => setup(server, true),
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        // the production page gets a strict CSP; dev needs Vite's inline preamble
        ctx.server
          ? html
          : html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}" />`),
    },
  };
}
