/**
 * Small node:http helpers shared by the relay's routes: JSON refusals, bounded body reading, header filtering,
 * target validation and network-error codes. Node-only; no Vite.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeJsonError } from '../http-forwarding/json-error.ts';
import { connectionListed, HOP_BY_HOP } from './relay-response-headers.ts';

/** Thrown inside a route to answer with a JSON refusal. */
export class RelayRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Answer with the relay's own JSON error; `X-Relay-Error` tells the browser it came from the relay, not upstream. */
export function sendRefusal(res: ServerResponse, status: number, code: string, message: string): void {
  writeJsonError(res, status, code, message, { 'cache-control': 'no-store', 'x-relay': '1', 'x-relay-error': code });
}

/** Answer a relay route's failure: a `RelayRefusal` as itself, anything else as 500 `relay_failure`. */
export function sendRelayFailure(res: ServerResponse, error: unknown): void {
  if (error instanceof RelayRefusal) sendRefusal(res, error.status, error.code, error.message);
  else sendRefusal(res, 500, 'relay_failure', error instanceof Error ? error.message : String(error));
}

/** Answer a relay route with JSON the page reads (never cached, marked as the relay's own). */
export function sendRelayJson(res: ServerResponse, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-relay': '1',
  });
  res.end(body);
}

/** Read the request body, refusing with 413 once it passes `maxBytes` (checked on Content-Length first). */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new RelayRefusal(
      413,
      'body_too_large',
      `Request body of ${declared} bytes exceeds the relay limit of ${maxBytes}.`,
    );
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      throw new RelayRefusal(413, 'body_too_large', `Request body exceeds the relay limit of ${maxBytes} bytes.`);
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Headers of the browser's request to forward upstream: everything except hop-by-hop ones, the browser→relay hop's
 * identity (Host, Origin, Referer, Cookie, Sec-Fetch-*, client hints), the relay's own X-Relay-*, Content-Length
 * (recomputed) and Accept-Encoding (replaced by `identity` so the body passes byte-for-byte).
 */
export function forwardRequestHeaders(incoming: IncomingMessage['headers']): Headers {
  const listed = connectionListed(typeof incoming.connection === 'string' ? incoming.connection : undefined);
  const out = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || listed.has(lower)) continue;
    if (['host', 'origin', 'referer', 'cookie', 'content-length', 'accept-encoding', 'expect'].includes(lower))
      continue;
    if (lower.startsWith('x-relay-') || lower.startsWith('sec-fetch-') || lower.startsWith('sec-ch-')) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(lower, v);
  }
  out.set('accept-encoding', 'identity');
  return out;
}

/** Parse and check a target URL: absolute http(s) only, no embedded credentials. */
export function parseTarget(raw: string | undefined): URL {
  if (!raw) throw new RelayRefusal(400, 'bad_target', 'Missing target URL (X-Relay-Target header or "target" field).');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RelayRefusal(400, 'bad_target', `Target is not an absolute URL: ${raw.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RelayRefusal(400, 'bad_target', `Target must be http: or https:, got ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new RelayRefusal(
      400,
      'bad_target',
      'Target must not embed credentials; send an Authorization header instead.',
    );
  }
  return url;
}

/** The most specific code of a fetch failure: walks `cause` chains and AggregateErrors (`ECONNREFUSED`, `CERT_...`). */
export function networkErrorCode(error: unknown): { code: string; message: string } {
  let current: unknown = error;
  let message = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 6 && current; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[]; name?: unknown };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return { code: 'ETIMEDOUT', message: 'Timed out' };
    if (typeof e.message === 'string' && e.message) message = e.message;
    if (typeof e.code === 'string' && e.code) return { code: e.code, message };
    current = e.cause ?? (Array.isArray(e.errors) ? e.errors[0] : undefined);
  }
  // fetch refuses "bad ports" (e.g. 1, 25, 6000) by spec, exactly as a browser does.
  return { code: message === 'bad port' ? 'BAD_PORT' : 'UNKNOWN', message };
}

/** Loopback addresses only: 127.0.0.0/8, ::1, and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^::ffff:/i, '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}
