/**
 * CORS and Origin policy shared by every endpoint of the mock server (main, consent, fleet, chaos).
 *
 * - Requests without an `Origin` header (curl, Node, the conformance suite) are allowed: no browser, no CSRF.
 * - Loopback browser origins on any port are allowed: `http(s)://localhost:*`, `http(s)://127.0.0.1:*`,
 *   `http(s)://[::1]:*`. The origin is echoed in `Access-Control-Allow-Origin` (never `*`).
 * - Any other origin (including the opaque `null`) gets `403` with a JSON-RPC-shaped error body and no CORS
 *   headers, so a foreign page cannot read it either.
 * - Preflight `OPTIONS` from an allowed origin gets `204`, echoing `Access-Control-Request-Headers` (this covers
 *   `Mcp-Method`, `Mcp-Name` and every `Mcp-Param-*`), and exposing the response headers an inspector must read.
 *
 * Node `IncomingMessage` / `ServerResponse` level, so the fetch-style main handler, the consent pages and the other
 * helpers' raw handlers can all share it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const CORS_ALLOW_METHODS = 'POST, GET, DELETE, OPTIONS';

/** Headers a browser client may read from our responses. */
const CORS_EXPOSE_HEADERS = [
  'WWW-Authenticate',
  'Mcp-Session-Id',
  'MCP-Protocol-Version',
  'X-Mock-Instance',
  'X-Mock-Fleet',
  'Content-Type',
].join(', ');

/** Used when a preflight does not say which headers it wants (it always should). */
const CORS_DEFAULT_ALLOW_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'MCP-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Last-Event-ID',
].join(', ');

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for `http(s)://localhost|127.0.0.1|[::1]` on any port; false for anything else (including `null`). */
export function isAllowedOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  // An Origin header is scheme://host[:port] only; refuse anything carrying a path, query or fragment.
  if (origin.replace(/\/$/, '') !== url.origin) return false;
  return LOOPBACK_HOSTNAMES.has(url.hostname);
}

function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Writes a JSON-RPC-ish error (id null) with the given HTTP status. */
export function sendJsonError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  data?: Record<string, unknown>,
): void {
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message, ...(data ? { data } : {}) } });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/**
 * Applies the CORS/Origin policy to one request.
 *
 * Returns `true` when the request was fully handled here (a preflight answered `204`, or a refused Origin answered
 * `403`); the caller must then stop. Returns `false` when the caller should go on; for an allowed browser origin the
 * CORS response headers are already set on `res` (they survive a later `writeHead`).
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = firstHeader(req, 'origin');

  if (origin !== undefined && origin !== '') {
    if (!isAllowedOrigin(origin)) {
      sendJsonError(
        res,
        403,
        -32000,
        `Forbidden: Origin ${JSON.stringify(origin)} is not allowed (loopback origins only)`,
        {
          reason: 'origin_not_allowed',
        },
      );
      return true;
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
  }

  if (req.method === 'OPTIONS') {
    const requested = firstHeader(req, 'access-control-request-headers');
    res.setHeader('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
    res.setHeader(
      'Access-Control-Allow-Headers',
      requested && requested.trim() !== '' ? requested : CORS_DEFAULT_ALLOW_HEADERS,
    );
    res.setHeader('Access-Control-Max-Age', '600');
    res.setHeader('Vary', 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method');
    res.setHeader('Allow', CORS_ALLOW_METHODS);
    res.writeHead(204);
    res.end();
    return true;
  }

  return false;
}

/**
 * DNS-rebinding guard: when the server is bound to a loopback address, refuse requests whose `Host` is not a
 * loopback name (403). Returns `true` when the request was refused.
 */
export function rejectForeignHost(req: IncomingMessage, res: ServerResponse): boolean {
  const host = firstHeader(req, 'host');
  let hostname: string | undefined;
  if (host) {
    try {
      hostname = new URL(`http://${host}`).hostname;
    } catch {
      hostname = undefined;
    }
  }
  if (hostname !== undefined && LOOPBACK_HOSTNAMES.has(hostname)) return false;
  sendJsonError(res, 403, -32000, `Forbidden: Host ${JSON.stringify(host ?? '')} is not a loopback host`, {
    reason: 'host_not_allowed',
  });
  return true;
}
