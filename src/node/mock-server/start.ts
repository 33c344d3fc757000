/**
 * Starts the bundled mock MCP server on node:http (127.0.0.1 by default; port 0 picks a free port).
 *
 * Routes:
 *   /mcp                      main endpoint (createMainHandler, instance "main")
 *   /consent/<flowId>         URL-mode consent page (GET), approval (POST /consent/<flowId>/approve)
 *   /fleet/...                round-robin fleet (fleet.ts)
 *   /chaos...                 misbehaving endpoint (chaos.ts)
 *   /auth/<variant>/...       OAuth-protected main endpoint and its authorization server (auth/)
 *   /seal/...                 sealed requestState, each protection shown passing and failing (seal/)
 *   /                         plain-text index of endpoints and scenarios
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { handleChaos } from './chaos.ts';
import type { Clock } from '../clock.ts';
import { handleConsent } from './consent.ts';
import { sharedConsentFlows } from './consent-flows.ts';
import { applyCors, rejectForeignHost, sendJsonError } from './cors.ts';
import { handleFleet } from './fleet.ts';
import { nodeMockCrypto } from './portable/mock-crypto-node.ts';
import { createMainHandler, MOCK_SERVER_INFO } from './main-endpoint.ts';
import { createProtectedEndpoints } from './auth/protected-endpoint.ts';
import { createSealRoutes } from './seal/seal-routes.ts';

export interface StartMockServerOptions {
  /** Port to bind; 0 (or omitted in tests) picks a free one. Default 0. */
  port?: number;
  /** Host to bind; default 127.0.0.1. */
  host?: string;
  /** Log sink, one line per request. Default: silent. */
  log?: (line: string) => void;
  /** requestState key of the main endpoint; default random per process. */
  stateKey?: Uint8Array | string;
  /** TTL of approve_payment_short_ttl state in seconds (default 5). */
  shortTtlSeconds?: number;
  /** time of /mcp's task jobs, sealed-state expiry and progress steps (tests drive it); default the real clock */
  clock?: Clock;
  /** a deliberately changed scenario on /mcp, for testing replays (`provision` also asks `size`) */
  drift?: 'provision';
  /** approve sign-in consent at once on /auth/* (tests); default: MOCK_AUTH_AUTO_APPROVE=1, else a page for people */
  authAutoApprove?: boolean;
  /** redirect URIs of the pre-registered OAuth client (default: the app's callback on 5173 and APP_PORT) */
  authRedirects?: string[];
  /** lifetime of the /seal endpoints' sealed state, in seconds (default 600) */
  sealTtlSeconds?: number;
}

export interface MockServerHandle {
  /** Base URL, e.g. `http://127.0.0.1:8765`. */
  url: string;
  /** `url + '/mcp'`. */
  mcpUrl: string;
  close(): Promise<void>;
}

const LOOPBACK_BIND = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function indexText(base: string): string {
  return [
    `${MOCK_SERVER_INFO.name} ${MOCK_SERVER_INFO.version}: mock MCP server, protocol 2026-07-28 (stateless streamable HTTP)`,
    '',
    'Endpoints',
    `  POST ${base}/mcp                     main endpoint (X-Mock-Instance: main)`,
    `  GET  ${base}/consent/<flowId>        URL-mode consent page of sign_in; POST .../approve approves it`,
    `  POST ${base}/fleet/shared            two instances, round-robin, shared requestState key`,
    `  POST ${base}/fleet/split             two instances, round-robin, one key each (retries on the other fail)`,
    `  POST ${base}/chaos                   misbehaving endpoint (see chaos.md)`,
    `  POST ${base}/seal/<variant>/mcp      sealed requestState (sign in at /auth/seal): strict, strict-sibling,`,
    `                                        no-audience(-sibling), no-principal, method-only, per-call-message, redeploy`,
    `  POST ${base}/seal/rotation/<step>/<a|b>/mcp  a two-instance fleet at one step of a key rotation`,
    '',
    'Tools on /mcp',
    '  provision {name}                    one form question (region), signed state',
    '  configure_service {}                every elicitation field kind in one form',
    '  rolling_upgrade {cluster}           three rounds, state carries earlier answers',
    '  plan_trip {destination}             form + sampling + roots in one round; re-asks only missing ones',
    '  summarize_text {text}               sampling only',
    '  list_workspace {}                   roots only',
    '  slow_job {steps}                    state-only polls, then done',
    '  sign_in {}                          URL-mode elicitation, waits for /consent approval',
    '  ask_until_accept {}                 re-asks after a decline',
    '  cancellable_export {dataset}        explains a cancel (isError)',
    '  progress_report {steps, delayMs}    notifications/progress over SSE',
    '  large_result {bytes}                a ~5 MB text result (generated log)',
    '  large_stream {bytes, eventBytes}    a ~32 MB SSE answer (log events with a log level set)',
    '  regional_lookup {region, query}     x-mcp-header -> Mcp-Param-Region',
    '  café_order {drink, size}            non-ASCII name -> Mcp-Name base64 sentinel',
    '  approve_payment_signed {amount}     requestState signed (SDK HMAC codec)',
    '  approve_payment_sealed {amount}     requestState sealed (AES-256-GCM)',
    '  approve_payment_unprotected {amount} requestState plain base64url JSON, trusted (unsafe on purpose)',
    '  approve_payment_short_ttl {amount}  requestState signed, 5 s TTL',
    '  test_*                              fixtures and reference tools of the official conformance suite',
    '  json_schema_2020_12_tool            inputSchema in JSON Schema 2020-12, served as written',
    '',
    'Prompts: draft_email {topic} (asks tone), test_input_required_result_prompt, test_simple_prompt,',
    '  test_prompt_with_arguments {arg1, arg2} (both complete), test_prompt_with_embedded_resource, test_prompt_with_image',
    'Resources: mock://about, report://{year}/summary (asks format), test://static-text, test://static-binary,',
    '  test://template/{id}/data',
    '',
    'Details: src/node/mock-server/README.md',
    '',
  ].join('\n');
}

export async function startMockServer(opts: StartMockServerOptions = {}): Promise<MockServerHandle> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => {});
  const stateKey = opts.stateKey ?? randomBytes(32);
  const hostForUrl = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  let baseUrl = `http://${hostForUrl}:${opts.port ?? 0}`;

  const main = createMainHandler({
    stateKey,
    instanceName: 'main',
    baseUrl: () => baseUrl,
    log,
    flows: sharedConsentFlows,
    crypto: nodeMockCrypto,
    shortTtlSeconds: opts.shortTtlSeconds,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.drift ? { drift: opts.drift } : {}),
  });
  const mainNode = toNodeHandler(
    { fetch: (request: Request) => main(request) },
    { onerror: (err) => log(`[main] adapter error: ${err.message}`) },
  );
  const guardHost = LOOPBACK_BIND.has(host);
  const appPorts = [...new Set(['5173', process.env.PORT, process.env.E2E_APP_PORT].filter(Boolean))];
  const auth = createProtectedEndpoints({
    base: () => baseUrl,
    autoApprove: opts.authAutoApprove ?? process.env.MOCK_AUTH_AUTO_APPROVE === '1',
    preRegisteredRedirects:
      opts.authRedirects ??
      appPorts.flatMap((p) => [`http://127.0.0.1:${p}/oauth/callback`, `http://localhost:${p}/oauth/callback`]),
    serve: (req, res) => mainNode(req, res),
    log,
  });
  const seal = createSealRoutes({
    base: () => baseUrl,
    authServer: () => auth.serverFor('seal'),
    ...(opts.sealTtlSeconds !== undefined ? { ttlSeconds: opts.sealTtlSeconds } : {}),
    log,
  });

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;

    if (guardHost && rejectForeignHost(req, res)) return;

    // fleet.ts and chaos.ts apply the CORS policy themselves.
    if (path === '/fleet' || path.startsWith('/fleet/')) return handleFleet(req, res, path);
    if (path === '/chaos' || path.startsWith('/chaos/')) return handleChaos(req, res, path);

    res.setHeader('X-Mock-Instance', 'main');
    if (applyCors(req, res)) return;

    if (path === '/mcp' || path === '/mcp/') return mainNode(req, res);
    if (await auth.handle(req, res, path)) return;
    if (await seal.handle(req, res, path)) return;
    if (path.startsWith('/consent/')) {
      handleConsent(req, res, path, sharedConsentFlows);
      log(`[consent] ${req.method} ${path} -> ${res.statusCode}`);
      return;
    }
    if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      const text = indexText(baseUrl);
      res.writeHead(200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(text)),
      });
      res.end(req.method === 'HEAD' ? undefined : text);
      return;
    }
    sendJsonError(res, 404, -32000, `Not found: ${path} (see ${baseUrl}/ for the endpoints)`);
  };

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      log(`[mock-server] ${req.method} ${req.url} failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) sendJsonError(res, 500, -32603, 'Internal error in the mock server');
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${hostForUrl}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: baseUrl,
    mcpUrl: `${baseUrl}/mcp`,
    close: () =>
      (closing ??= (async () => {
        await main.close();
        await seal.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })()),
  };
}
