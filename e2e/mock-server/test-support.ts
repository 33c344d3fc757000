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
export function headerValue(value: string): string {
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

export function createRpc(defaultUrl: string) {
  let nextId = 1;

  async function rpc(
    method: string,
    params: Record<string, unknown> = {},
    opts: RpcOptions = {},
  ): Promise<RpcResponse> {
    const id = nextId++;
    const name =
      typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
    const body = {
      jsonrpc: '2.0',
      id,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
          'io.modelcontextprotocol/clientCapabilities': opts.capabilities ?? ALL_CAPABILITIES,
          'io.modelcontextprotocol/clientInfo': { name: 'mock-server-test', version: '0.0.0' },
          ...opts.meta,
        },
      },
    };
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': PROTOCOL_VERSION,
      'Mcp-Method': method,
      ...(name !== undefined && !opts.omitName ? { 'Mcp-Name': headerValue(name) } : {}),
      ...opts.headers,
    };
    const res = await fetch(opts.url ?? defaultUrl, { method: 'POST', headers, body: JSON.stringify(body) });
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

  return { rpc, callTool };
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
