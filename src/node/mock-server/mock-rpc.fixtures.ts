import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../clock.ts';
import { startMockServer, type MockServerHandle } from './start.ts';

/**
 * Raw-HTTP helpers for the mock server's tests: one POST per JSON-RPC request with the headers of mrtr-wire.md §1
 * and the per-request `_meta` envelope of §2. Responses are parsed whether JSON or SSE.
 */
export const PROTOCOL_VERSION = '2026-07-28';

export const ALL_CAPABILITIES = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };

export interface RpcOptions {
  /** Endpoint URL (default: the one given to `createRpc`). */
  url?: string;
  /** `io.modelcontextprotocol/clientCapabilities` for this request (default: all). */
  capabilities?: Record<string, unknown>;
  /** Extra `_meta` keys (e.g. progressToken, logLevel). */
  meta?: Record<string, unknown>;
  /** Extra or overriding HTTP headers. */
  headers?: Record<string, string>;
  /** Omit the Mcp-Name header (to provoke -32020). */
  omitName?: boolean;
  /** JSON-RPC id (default: the next number). */
  id?: string | number;
  /** Aborts the request. */
  signal?: AbortSignal;
}

export interface RpcResponse {
  status: number;
  headers: Headers;
  contentType: string;
  /** The JSON-RPC response (for SSE: the event carrying the response). */
  body: {
    jsonrpc?: string;
    id?: unknown;
    result?: Record<string, unknown> & {
      resultType?: string;
      inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
      requestState?: string;
      content?: { type: string; text?: string }[];
      isError?: boolean;
      messages?: { role: string; content: { type: string; text?: string } }[];
      contents?: { uri: string; mimeType?: string; text?: string }[];
    };
    error?: { code: number; message: string; data?: Record<string, unknown> };
  };
  /** SSE only: every message received (notifications first, then the response). */
  events: Record<string, unknown>[];
  raw: string;
}

/** `Mcp-Name` value: plain when safe ASCII, otherwise the `=?base64?...?=` sentinel. */
function headerValue(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) && value.trim() === value
    ? value
    : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

export function parseSse(raw: string): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [];
  for (const block of raw.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data) events.push(JSON.parse(data) as Record<string, unknown>);
  }
  return events;
}

/** The per-request `_meta` envelope of mrtr-wire.md §2. */
export function requestMeta(capabilities: Record<string, unknown> = ALL_CAPABILITIES): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: 'mock-server-test', version: '0.0.0' },
  };
}

/** The HTTP headers of mrtr-wire.md §1 for one POST; `name` is sent as given (no sentinel encoding). */
export function mcpHeaders(method?: string, name?: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': PROTOCOL_VERSION,
    ...(method !== undefined ? { 'Mcp-Method': method } : {}),
    ...(name !== undefined ? { 'Mcp-Name': name } : {}),
  };
}

/** `defaults` apply to every request unless overridden per call. */
export function createRpc(defaultUrl: string, defaults: RpcOptions = {}) {
  let nextId = 1;

  async function send(
    method: string,
    params: Record<string, unknown>,
    options: RpcOptions,
  ): Promise<{ id: string | number; res: Response }> {
    const opts = { ...defaults, ...options };
    const id = opts.id ?? nextId++;
    const name =
      typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
    const body = {
      jsonrpc: '2.0',
      id,
      method,
      params: { ...params, _meta: { ...requestMeta(opts.capabilities), ...opts.meta } },
    };
    const headers: Record<string, string> = {
      ...mcpHeaders(method, name !== undefined && !opts.omitName ? headerValue(name) : undefined),
      ...opts.headers,
    };
    const res = await fetch(opts.url ?? defaultUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: opts.signal,
    });
    return { id, res };
  }

  /** One request; the raw Response, body unread (for bodies that are not JSON-RPC). */
  async function post(method: string, params: Record<string, unknown> = {}, opts: RpcOptions = {}): Promise<Response> {
    return (await send(method, params, opts)).res;
  }

  async function rpc(
    method: string,
    params: Record<string, unknown> = {},
    opts: RpcOptions = {},
  ): Promise<RpcResponse> {
    const { id, res } = await send(method, params, opts);
    const raw = await res.text();
    const contentType = res.headers.get('content-type') ?? '';
    let events: Record<string, unknown>[] = [];
    let parsed: RpcResponse['body'] = {};
    if (contentType.includes('text/event-stream')) {
      events = parseSse(raw);
      parsed = (events.find((e) => e.id === id) ?? {}) as RpcResponse['body'];
    } else if (raw) {
      parsed = JSON.parse(raw) as RpcResponse['body'];
    }
    return { status: res.status, headers: res.headers, contentType, body: parsed, events, raw };
  }

  /** tools/call with optional MRTR retry fields. */
  function callTool(
    name: string,
    args: Record<string, unknown> = {},
    retry: { inputResponses?: Record<string, unknown>; requestState?: string } = {},
    opts: RpcOptions = {},
  ): Promise<RpcResponse> {
    return rpc('tools/call', { name, arguments: args, ...retry }, opts);
  }

  return { rpc, callTool, post };
}

type RpcClient = ReturnType<typeof createRpc>;

export interface MockServerFixture extends RpcClient {
  /** The running server (read inside tests or hooks: it starts in `beforeAll`). */
  readonly server: MockServerHandle;
  /** The server's origin, without a trailing slash. */
  readonly base: string;
}

/**
 * Starts the mock server on a free port for the calling test file (`beforeAll`) and closes it (`afterAll`).
 * `rpc`/`callTool`/`post` target `base + path` (default `/mcp`); `defaults` apply to every request; `clock` drives
 * the server's time (task jobs, sealed-state expiry: `createManualClock` in clock.fixtures.ts).
 */
export function useMockServer(opts: { path?: string; defaults?: RpcOptions; clock?: Clock } = {}): MockServerFixture {
  let handle: MockServerHandle | undefined;
  let client: RpcClient | undefined;

  beforeAll(async () => {
    handle = await startMockServer({ port: 0, ...(opts.clock ? { clock: opts.clock } : {}) });
    client = createRpc(`${handle.url.replace(/\/+$/, '')}${opts.path ?? '/mcp'}`, opts.defaults);
  });

  afterAll(async () => {
    await handle?.close();
  });

  const started = (): { handle: MockServerHandle; client: RpcClient } => {
    if (!handle || !client) throw new Error('useMockServer: the server starts in beforeAll; use it inside tests');
    return { handle, client };
  };

  return {
    get server() {
      return started().handle;
    },
    get base() {
      return started().handle.url.replace(/\/+$/, '');
    },
    rpc: (...args) => started().client.rpc(...args),
    callTool: (...args) => started().client.callTool(...args),
    post: (...args) => started().client.post(...args),
  };
}

/** The text of a complete tool result's first content block. */
export function resultText(res: RpcResponse): string {
  return res.body.result?.content?.[0]?.text ?? '';
}

export const accept = (content: Record<string, unknown> = {}) => ({ action: 'accept', content });
export const decline = () => ({ action: 'decline' });
export const cancel = () => ({ action: 'cancel' });

/** Flips one character in the middle of a token (keeps it syntactically plausible). */
export function tamper(token: string): string {
  const i = Math.floor(token.length / 2);
  const c = token[i] === 'A' ? 'B' : 'A';
  return token.slice(0, i) + c + token.slice(i + 1);
}

export const FROZEN_STATE_ERROR = {
  code: -32602,
  message: 'Invalid or expired requestState',
  data: { reason: 'invalid_request_state' },
};
