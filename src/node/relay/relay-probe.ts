/**
 * `POST /__relay/probe`: looks at a target from outside the browser (preflight, discover, legacy initialize) and
 * returns a `ProbeReport` for the doctor (src/protocol/doctor.ts). Never follows redirects.
 */
import { createParser } from 'eventsource-parser';
import type { ProbeLegacy, ProbeOutcome, ProbePreflight, ProbeReport, ProbeResponse } from '../../protocol/doctor.ts';
import {
  isJsonObject,
  LEGACY_PROTOCOL_VERSION,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_PROTOCOL_VERSION,
  PROTOCOL_VERSION,
} from '../../protocol/types.ts';
import { forwardRequestHeaders, networkErrorCode, parseTarget, RelayRefusal } from './relay-http.ts';

const BODY_LIMIT = 64 * 1024;
const PREFLIGHT_HEADERS = ['accept', 'content-type', 'mcp-method', 'mcp-name', 'mcp-protocol-version'];
const MODERN_ERROR_CODES = new Set([-32020, -32021, -32022]);
const CLIENT_INFO = { name: 'mrtr-inspector-probe', version: '0.1.0' };

export interface ProbeOptions {
  appOrigin: string;
  timeoutMs: number;
  fetchImpl: typeof fetch;
}

/** Validate the JSON body `{ target, headers? }` of a probe request. */
export function parseProbeRequest(raw: Uint8Array): { target: URL; headers: Headers } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw new RelayRefusal(400, 'bad_json', 'Probe body must be JSON: { "target": string, "headers"?: object }.');
  }
  const { target, headers } = (parsed ?? {}) as { target?: unknown; headers?: unknown };
  const url = parseTarget(typeof target === 'string' ? target : undefined);
  const extra: Record<string, string> = {};
  if (headers !== undefined) {
    if (!isJsonObject(headers)) {
      throw new RelayRefusal(400, 'bad_headers', '"headers" must be an object of strings.');
    }
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value !== 'string') throw new RelayRefusal(400, 'bad_headers', `Header ${name} must be a string.`);
      extra[name.toLowerCase()] = value;
    }
  }
  const filtered = forwardRequestHeaders(extra);
  filtered.delete('accept-encoding');
  return { target: url, headers: filtered };
}

/** Read at most 64 KB of a response and the JSON-RPC answer in it (JSON body, or the SSE event carrying an id). */
async function record(res: Response, started: number): Promise<ProbeResponse> {
  const contentType = res.headers.get('content-type');
  const isSse = contentType?.toLowerCase().includes('text/event-stream') ?? false;
  let message: unknown = null;
  const sse = createParser({
    onEvent(event) {
      try {
        const value = JSON.parse(event.data) as { id?: unknown };
        if (value && typeof value === 'object' && 'id' in value) message = value;
      } catch {
        // not JSON: keep looking
      }
    },
  });
  const decoder = new TextDecoder();
  let body = '';
  let truncated = false;
  const reader = res.body?.getReader();
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (isSse) sse.feed(text);
      body += text;
      if (body.length > BODY_LIMIT) {
        body = body.slice(0, BODY_LIMIT);
        truncated = true;
        break;
      }
      if (isSse && message !== null) break; // the answer is in: do not wait for a long-lived stream
    }
  } catch {
    truncated = true;
  } finally {
    reader?.cancel().catch(() => undefined);
  }
  if (!isSse && contentType?.toLowerCase().includes('json')) {
    try {
      message = JSON.parse(body);
    } catch {
      message = null;
    }
  }
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    status: res.status,
    statusText: res.statusText,
    headers,
    contentType,
    body,
    bodyTruncated: truncated,
    message,
    elapsedMs: Date.now() - started,
  };
}

async function send(target: URL, init: RequestInit, opts: ProbeOptions): Promise<ProbeOutcome> {
  const started = Date.now();
  try {
    const signal = AbortSignal.timeout(opts.timeoutMs);
    const res = await opts.fetchImpl(target, { ...init, redirect: 'manual', signal });
    return { response: await record(res, started) };
  } catch (error) {
    return { error: networkErrorCode(error) };
  }
}

async function preflight(target: URL, extra: Headers, opts: ProbeOptions): Promise<ProbePreflight> {
  const requested = [...PREFLIGHT_HEADERS];
  extra.forEach((_v, name) => {
    if (!requested.includes(name)) requested.push(name);
  });
  const requestHeaders = {
    origin: opts.appOrigin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': requested.sort().join(','),
  };
  const outcome = await send(target, { method: 'OPTIONS', headers: requestHeaders }, opts);
  const accessControl: Record<string, string> = {};
  for (const [name, value] of Object.entries(outcome.response?.headers ?? {})) {
    if (name.startsWith('access-control-')) accessControl[name] = value;
  }
  return { ...outcome, requestHeaders, accessControl };
}

function discoverInit(extra: Headers, origin: string | null): RequestInit {
  const headers = new Headers(extra);
  headers.set('content-type', 'application/json');
  headers.set('accept', 'application/json, text/event-stream');
  headers.set('mcp-protocol-version', PROTOCOL_VERSION);
  headers.set('mcp-method', 'server/discover');
  if (origin) headers.set('origin', origin);
  const meta = {
    [META_PROTOCOL_VERSION]: PROTOCOL_VERSION,
    [META_CLIENT_CAPABILITIES]: {},
    [META_CLIENT_INFO]: CLIENT_INFO,
  };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } });
  return { method: 'POST', headers, body };
}

function errorCode(message: unknown): number | undefined {
  const err = (message as { error?: { code?: unknown } } | null)?.error;
  return typeof err?.code === 'number' ? err.code : undefined;
}

/** A 4xx (or an in-band "method not found") that a 2026-07-28 server would not give: worth trying `initialize`. */
function looksPre2026(res: ProbeResponse | undefined): boolean {
  if (!res || res.status === 401 || res.status === 403) return false;
  const code = errorCode(res.message);
  if (code !== undefined && MODERN_ERROR_CODES.has(code)) return false;
  return (res.status >= 400 && res.status < 500) || (res.status < 300 && code === -32601);
}

async function legacyInitialize(target: URL, extra: Headers, opts: ProbeOptions): Promise<ProbeLegacy> {
  const headers = new Headers(extra);
  headers.set('content-type', 'application/json');
  headers.set('accept', 'application/json, text/event-stream');
  headers.set('origin', opts.appOrigin);
  const params = { protocolVersion: LEGACY_PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params });
  const outcome = await send(target, { method: 'POST', headers, body }, opts);
  const result = (outcome.response?.message as { result?: { protocolVersion?: unknown } } | null)?.result;
  const sessionId = outcome.response?.headers['mcp-session-id'];
  if (sessionId) {
    // Be polite to stateful 2025 servers: end the session the probe opened.
    const end = new Headers(extra);
    end.set('mcp-session-id', sessionId);
    await send(target, { method: 'DELETE', headers: end }, opts);
  }
  const protocolVersion = typeof result?.protocolVersion === 'string' ? result.protocolVersion : undefined;
  return { ...outcome, ok: result !== undefined, ...(protocolVersion ? { protocolVersion } : {}) };
}

/** Run every probe step against `target`; network failures are recorded, never thrown. */
export async function runProbe(target: URL, extra: Headers, opts: ProbeOptions): Promise<ProbeReport> {
  const report: ProbeReport = {
    target: target.href,
    appOrigin: opts.appOrigin,
    startedAt: new Date().toISOString(),
    preflight: await preflight(target, extra, opts),
    discover: await send(target, discoverInit(extra, opts.appOrigin), opts),
  };
  if (report.discover.response?.status === 403) {
    report.discoverWithoutOrigin = await send(target, discoverInit(extra, null), opts);
  }
  if (looksPre2026(report.discover.response)) {
    report.legacy = await legacyInitialize(target, extra, opts);
  }
  return report;
}
