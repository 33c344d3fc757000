/**
 * The mock server's main MCP endpoint: stateless streamable HTTP on protocol 2026-07-28, built on the SDK's
 * `createMcpHandler`, serving every scenario in `./scenarios/`. Each HTTP request is served by an `McpServer` that no
 * other request is using; instances are pooled and reused once their exchange is over (`server-pool.ts`).
 *
 * Fetch-style: `createMainHandler(opts)` returns `(req: Request) => Promise<Response>`; wrap it for node:http
 * with `toNodeHandler({ fetch })` from `@modelcontextprotocol/node` (see `start.ts`). It imports no node built-in
 * (crypto comes through `opts.crypto`), so the page's demo server (`in-page/`) runs this same module in a service
 * worker.
 *
 * All requestState protection derives from `opts.stateKey` (see `state.ts`), so two handlers built with the same
 * key accept each other's state and handlers with different keys do not.
 */
import {
  createMcpHandler,
  InMemoryServerEventBus,
  isLegacyRequest,
  McpServer,
  type McpRequestContext,
  type ServerContext,
  type ServerNotifier,
} from '@modelcontextprotocol/server';
import type { Clock } from '../clock.ts';
import { sharedConsentFlows, type ConsentFlows } from './consent-flows.ts';
import { utf8 } from './portable/portable-bytes.ts';
import { webMockCrypto, type MockCrypto } from './portable/mock-crypto.ts';
import { createStateKit, deriveStateKeys, type RequestTarget } from './state.ts';
import type { ScenarioContext } from './scenarios/context.ts';
import { prepareScenarios, registerAllScenarios } from './scenarios/index.ts';
import { createServerPool, type ServerLease } from './server-pool.ts';
import { stripTaskContent } from './tasks/strip-task-content.ts';
import { requiredTaskGate } from './tasks/task-gate.ts';
import { createTaskListenRouter } from './tasks/serve-task-listen.ts';
import { TASKS_EXTENSION } from './tasks/task-methods.ts';
import { createTaskStore, type TaskStore } from './tasks/task-store.ts';
import { createLegacySessions } from './legacy-sessions.ts';
import { PITFALL_TOOL } from './scenarios/dual-era-pitfall.ts';
import { isJsonObject } from '../../protocol/types.ts';

export const MOCK_SERVER_INFO = { name: 'mrtr-mock', version: '1.0.0' } as const;

const MOCK_INSTRUCTIONS =
  'mrtr-mock: a mock MCP server (protocol 2026-07-28, stateless) whose tools, prompts and resources demonstrate ' +
  'multi-round-trip requests: form, URL, sampling and roots input requests, multi-round flows, state-only polls, ' +
  'and requestState protected three ways (signed, sealed, unprotected). See the README of src/node/mock-server.';

export interface MainHandlerOptions {
  /** Key material for every requestState form (any length; derived to 32-byte sub-keys). */
  stateKey: Uint8Array | string;
  /** Value of the `X-Mock-Instance` response header; default `main`. */
  instanceName?: string;
  /** Base URL the client reaches this server at (used for consent URLs). */
  baseUrl: () => string;
  /** Request log sink (one line per request). Default: silent. */
  log?: (line: string) => void;
  /** Consent-flow registry; default: the process-wide shared one. */
  flows?: ConsentFlows;
  /** Task store of the tasks extension; default: a new one per handler (fleet instances pass a shared one). */
  tasks?: TaskStore;
  /** TTL of `approve_payment_short_ttl` state, in seconds; default 5. */
  shortTtlSeconds?: number;
  /** Time for task jobs, sealed-state expiry and progress steps (see clock.ts); default the real clock. */
  clock?: Clock;
  /**
   * Which eras this endpoint serves: `both` (default: 2026-07-28 stateless, and 2025-11-25 sessions, see
   * `legacy-sessions.ts`) or `modern` (2025 traffic gets 400 / -32022, GET and DELETE 405).
   */
  eras?: 'both' | 'modern';
  /**
   * The requestState cryptography: node:crypto in the Node mock (`nodeMockCrypto`), WebCrypto in the page's demo
   * server; default WebCrypto, which Node has too.
   */
  crypto?: MockCrypto;
  /** Registers more on every server instance, after the scenarios (the page's demo server adds one note). */
  register?: (server: McpServer) => void;
  /** a deliberately changed scenario (see ScenarioContext.drift) */
  drift?: 'provision';
}

export type MainHandler = ((req: Request) => Promise<Response>) & {
  /** Aborts in-flight exchanges and open listen streams. */
  close(): Promise<void>;
  /** Server instances built so far, idle in the pool now, and serving now (see server-pool.ts). */
  poolStats(): { built: number; idle: number; leased: number };
};

/** What the wrapper learned about the current request before handing it to the SDK. */
interface RequestInfo {
  target: RequestTarget;
  headers: Headers;
  /** The pooled server instance the SDK's factory handed out for this request, if it asked for one. */
  lease?: ServerLease;
}

const NO_REQUEST: RequestInfo = { target: { method: '', name: '', arguments: {} }, headers: new Headers() };

const MAX_BODY_BYTES = 4 * 1024 * 1024;

interface PeekedRequest {
  /** The request to hand to the SDK (its body may have been read: then `parsedBody` is set). */
  request: Request;
  /** The JSON body, already parsed: given to the SDK so it does not read and parse the body again. */
  parsedBody?: unknown;
  method?: string;
  target: RequestTarget;
}

/**
 * Reads the body once (so we know method/name/arguments). A body that parses as JSON goes to the SDK as
 * `parsedBody`; anything else goes as an equivalent rebuilt Request, so the SDK gives its own answer (-32700, 413).
 */
async function peek(req: Request): Promise<PeekedRequest> {
  const empty: RequestTarget = { method: '', name: '', arguments: {} };
  if (req.method !== 'POST' || req.body === null) return { request: req, target: empty };
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return { request: req, target: empty }; // the SDK answers 413
  const text = await req.text();
  const rebuilt = () => new Request(req.url, { method: 'POST', headers: req.headers, body: text, signal: req.signal });
  // A chunked body has no content-length: past the limit, let the SDK read it and answer 413.
  if (text.length * 3 > MAX_BODY_BYTES && utf8(text).byteLength > MAX_BODY_BYTES) {
    return { request: rebuilt(), target: empty };
  }
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { request: rebuilt(), target: empty };
  }
  if (!isJsonObject(message) || typeof message.method !== 'string') {
    return { request: req, parsedBody: message, target: empty };
  }
  const params = isJsonObject(message.params) ? message.params : {};
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : '';
  const args = isJsonObject(params.arguments) ? params.arguments : {};
  return {
    request: req,
    parsedBody: message,
    method: message.method,
    target: { method: message.method, name, arguments: args },
  };
}

function withInstanceHeader(res: Response, instanceName: string): Response {
  try {
    res.headers.set('X-Mock-Instance', instanceName); // the SDK's responses have mutable headers
    return res;
  } catch {
    const headers = new Headers(res.headers);
    headers.set('X-Mock-Instance', instanceName);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}

/** Tools answered over SSE even when they emit nothing before the result (the timeline should see a stream). */
const SSE_TOOLS = new Set(['progress_report', 'large_stream']);

export function createMainHandler(opts: MainHandlerOptions): MainHandler {
  const instanceName = opts.instanceName ?? 'main';
  const log = opts.log ?? (() => {});
  const crypto = opts.crypto ?? webMockCrypto;
  if (opts.stateKey.length === 0) throw new RangeError('stateKey must not be empty');
  const keys = deriveStateKeys(opts.stateKey, crypto);
  const flows = opts.flows ?? sharedConsentFlows;
  // The request being served, by the `Request` object handed to the SDK: the SDK gives that same object to the
  // factory (`requestInfo`) and to every handler (`sctx.http.req`), so no async context is needed to find it.
  const current = new WeakMap<Request, RequestInfo>();
  const bus = new InMemoryServerEventBus((err) => log(`[${instanceName}] event bus listener error: ${err.message}`));
  // Both handlers share this bus, so list-changed events reach listen streams whichever handler served them.
  const notify: ServerNotifier = {
    toolsChanged: () => bus.publish({ kind: 'tools_list_changed' }),
    promptsChanged: () => bus.publish({ kind: 'prompts_list_changed' }),
    resourcesChanged: () => bus.publish({ kind: 'resources_list_changed' }),
    resourceUpdated: (uri) => bus.publish({ kind: 'resource_updated', uri }),
  };

  // One context for every request and every pooled instance: what differs per request (the requestState binding,
  // the request headers) is looked up from the handler's own context when it runs, never captured here.
  const requestOf = (sctx: ServerContext): RequestInfo => {
    const req = sctx.http?.req;
    return (req && current.get(req)) ?? NO_REQUEST;
  };
  const state = createStateKit({
    keys,
    crypto,
    target: (sctx) => requestOf(sctx).target,
    shortTtlSeconds: opts.shortTtlSeconds,
    clock: opts.clock,
    onReject: (reason, mode, target) =>
      log(`[${instanceName}] requestState rejected (${mode}: ${reason}) for ${target.method} ${target.name}`),
  });
  const tasks = opts.tasks ?? createTaskStore({ clock: opts.clock });
  // task status notifications on subscriptions/listen (the SDK's listen router knows no taskIds: tasks/serve-task-listen.ts)
  const taskListen = createTaskListenRouter({ store: tasks, bus, serverInfo: MOCK_SERVER_INFO, log });
  const ctx: ScenarioContext = {
    tasks,
    clock: tasks.clock,
    instanceName,
    baseUrl: opts.baseUrl,
    state,
    flows,
    requestHeaders: (sctx) => requestOf(sctx).headers,
    notify,
    log,
    tenantHeader: { current: 'Tenant' },
    ...(opts.drift ? { drift: opts.drift } : {}),
  };
  const build = (legacyShim = true): McpServer => {
    const server = new McpServer(MOCK_SERVER_INFO, {
      // The shim turns an input_required return into pushed requests on a 2025-11-25 session. Off only for the
      // dual-era pitfall, which shows what a server without it (or another SDK) does: -32603.
      inputRequired: { legacyShim },
      capabilities: {
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { listChanged: true },
        // Deprecated in 2026-07-28 but still served: without it the SDK drops ctx.mcpReq.log() even when the
        // request sets _meta["io.modelcontextprotocol/logLevel"].
        logging: {},
        extensions: { [TASKS_EXTENSION]: {} },
      },
      instructions: MOCK_INSTRUCTIONS,
      requestState: { verify: state.verify },
    });
    server.server.onerror = (err) => log(`[${instanceName}] server error: ${err.message}`);
    registerAllScenarios(server, ctx);
    opts.register?.(server);
    return server;
  };
  // Instances are built once and reused, one exchange at a time (server-pool.ts explains why that is safe).
  const pool = createServerPool(() => build());
  const factory = ({ requestInfo }: McpRequestContext): McpServer => {
    const lease = pool.acquire();
    prepareScenarios(lease.server, ctx);
    const info = requestInfo && current.get(requestInfo);
    if (info) info.lease = lease;
    return lease.server;
  };

  const onerror = (err: Error) => log(`[${instanceName}] ${err.message}`);
  const auto = createMcpHandler(factory, { legacy: 'reject', bus, onerror });
  const sse = createMcpHandler(factory, { legacy: 'reject', bus, onerror, responseMode: 'sse' });
  const legacy = opts.eras === 'modern' ? undefined : createLegacySessions({ build: () => build(), log });
  // The pitfall tool on a legacy session: served by an instance without the shim (stateless, per request).
  const shimless = createMcpHandler(() => build(false), { legacy: 'stateless', onerror });

  const serveLegacy = async (peeked: PeekedRequest): Promise<Response> => {
    if (!legacy) throw new Error('unreachable');
    if (peeked.target.method === 'tools/call' && peeked.target.name === PITFALL_TOOL) {
      return shimless.fetch(peeked.request, { parsedBody: peeked.parsedBody });
    }
    return legacy.handle(peeked.request, peeked.parsedBody);
  };

  const handle = async (req: Request): Promise<Response> => {
    const peeked = await peek(req);
    const info: RequestInfo = { target: peeked.target, headers: req.headers };
    current.set(peeked.request, info);
    const listening = taskListen.serve(peeked.parsedBody, req.headers, req.signal);
    if (listening) {
      log(`[${instanceName}] POST subscriptions/listen (taskIds) -> ${listening.status}`);
      return withInstanceHeader(listening, instanceName);
    }
    const refused = requiredTaskGate(peeked.parsedBody);
    if (refused) {
      log(`[${instanceName}] POST tools/call ${peeked.target.name} -> 400 (-32021: tasks extension not declared)`);
      return withInstanceHeader(refused, instanceName);
    }
    const handler = peeked.target.method === 'tools/call' && SSE_TOOLS.has(peeked.target.name) ? sse : auto;
    const options = peeked.parsedBody === undefined ? undefined : { parsedBody: peeked.parsedBody };
    let res: Response;
    try {
      const isLegacy =
        legacy !== undefined &&
        (peeked.parsedBody === undefined
          ? req.method !== 'POST' && (await isLegacyRequest(peeked.request))
          : await isLegacyRequest(peeked.request, peeked.parsedBody));
      res = isLegacy ? await serveLegacy(peeked) : await handler.fetch(peeked.request, options);
    } finally {
      info.lease?.done();
    }
    const what = [req.method, peeked.method, peeked.target.name].filter(Boolean).join(' ');
    log(
      `[${instanceName}] ${what} -> ${res.status}${res.headers.get('content-type')?.includes('event-stream') ? ' (sse)' : ''}`,
    );
    if (peeked.target.method === 'tools/call') res = await stripTaskContent(res);
    return withInstanceHeader(res, instanceName);
  };

  return Object.assign(handle, {
    poolStats: () => pool.stats(),
    close: async () => {
      taskListen.closeAll();
      await Promise.all([auto.close(), sse.close(), shimless.close(), legacy?.close()]);
      pool.clear();
    },
  });
}
