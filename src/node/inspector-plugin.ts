import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import { createRelayHandler } from './relay.ts';
import { CLIENT_METADATA_PATH, clientMetadataDocument } from '../protocol/auth/client-metadata.ts';

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

/**
 * Content Security Policy of the built page: scripts only from the app itself (ajv compiles the elicitation schema
 * validators with `new Function`, hence 'unsafe-eval'), no frames at all, and connections anywhere (MCP servers).
 */
export const PAGE_CSP = [
  "default-src 'self'",
  'connect-src *',
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self' 'unsafe-eval'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function appHostsOf(server: AnyServer): string[] {
  const address = server.httpServer?.address() as AddressInfo | string | null | undefined;
  if (!address || typeof address === 'string') return [];
  const port = address.port;
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/**
 * `npm start` = Vite + this plugin: it starts the bundled mock MCP server, mounts the same-origin relay, and tells the
 * page (GET /__inspector/config) where the mock is and the per-launch relay token.
 */
export function inspectorPlugin(opts: InspectorPluginOptions = {}): Plugin {
  const token = randomBytes(24).toString('base64url');
  let mock: { mcpUrl: string; url: string; close(): Promise<void> } | undefined;

  async function setup(server: AnyServer, isPreview: boolean) {
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
    const relay = createRelayHandler({ token, appHosts: () => appHostsOf(server) });
    server.middlewares.use(relay);
    // this app's Client ID Metadata Document: its URL (under the Host the app is served at) is the client_id
    server.middlewares.use(CLIENT_METADATA_PATH, (req: IncomingMessage, res: ServerResponse) => {
      const host = req.headers.host ?? '';
      if (!appHostsOf(server).includes(host)) {
        res.statusCode = 403;
        res.end('forbidden host');
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.end(JSON.stringify(clientMetadataDocument(`http://${host}`)));
    });
    server.middlewares.use('/__inspector/config', (req: IncomingMessage, res: ServerResponse) => {
      if (!appHostsOf(server).includes(req.headers.host ?? '')) {
        res.statusCode = 403;
        res.end('forbidden host');
        return;
      }
      const config = mock
        ? {
            mockUrl: mock.mcpUrl,
            mockEndpoints: [
              { label: 'Mock: main', url: mock.mcpUrl },
              { label: 'Mock: fleet, shared key', url: `${mock.url}/fleet/shared` },
              { label: 'Mock: fleet, one key per instance', url: `${mock.url}/fleet/split` },
              { label: 'Mock: chaos', url: `${mock.url}/chaos` },
            ],
            relay: { token },
          }
        : { relay: { token } };
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify(config));
    });
  }

  return {
    name: 'mrtr-inspector',
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
