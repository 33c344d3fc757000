/**
 * The one place that decides which upstream response headers reach the page, and how (see relay.md, "What is
 * forwarded"). Anything a browser acts on when it sees it on a response of the app's own origin (sign-in box, storage
 * wipe, cookies, redirects, CSP, CORS, preload hints...) must not reach the page under its real name.
 */
import { RELAY_UPSTREAM_PREFIX } from '../../protocol/relay-paths.ts';

/** What an MCP response needs, passed back verbatim: none of these makes the browser do anything on a fetch response. */
const PASS_THROUGH_RESPONSE_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-language',
  'cache-control',
  'expires',
  'pragma',
  'date',
  'etag',
  'last-modified',
  'retry-after',
  'mcp-session-id',
  'mcp-protocol-version',
]);

/** Connection-level headers (RFC 9110 §7.6.1) that never cross a proxy, in either direction. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Dropped outright: connection-level headers, the framing the relay recomputes (the body is re-streamed), and headers
 * with effects no renaming should preserve (cookies, `Clear-Site-Data`).
 */
const DROPPED_RESPONSE_HEADERS: ReadonlySet<string> = new Set([
  ...HOP_BY_HOP,
  'content-encoding',
  'content-length',
  'set-cookie',
  'set-cookie2',
  'clear-site-data',
]);

/** Plus any header named in the message's own `Connection` header. */
export function connectionListed(connection: string | null | undefined): Set<string> {
  return new Set(
    (connection ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * Upstream response headers to pass back: allow-listed ones as they are, dropped ones not at all, every other one
 * (`WWW-Authenticate`, `Location`, `Link`, `Content-Security-Policy`, `Access-Control-*`, the upstream's own
 * `X-Relay-*`...) renamed to `X-Relay-Upstream-<name>`, which `createRelayFetch` restores for the client code; plus
 * `X-Relay: 1`. So nothing the upstream sends can act on the app's origin or pose as the relay's own headers.
 */
export function passBackHeaders(upstream: Headers): Record<string, string> {
  const listed = connectionListed(upstream.get('connection'));
  const out: Record<string, string> = {};
  upstream.forEach((value, name) => {
    if (DROPPED_RESPONSE_HEADERS.has(name) || listed.has(name)) return;
    out[PASS_THROUGH_RESPONSE_HEADERS.has(name) ? name : `${RELAY_UPSTREAM_PREFIX}${name}`] = value;
  });
  out['x-relay'] = '1';
  return out;
}
