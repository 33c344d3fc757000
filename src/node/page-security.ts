/**
 * What the dev and preview servers send to keep other pages out: the Content Security Policy, the framing ban
 * (clickjacking), and the guard on `/__inspector/config` (which hands out the relay token). Node-only, no Vite.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackAddress } from './relay/relay-http.ts';

export interface CspOptions {
  /** the dev server's per-start nonce for Vite's inline scripts (React refresh preamble); none for the build */
  nonce?: string;
  /** as an HTTP header: adds `frame-ancestors 'none'`, which a `<meta>` policy cannot carry */
  header?: boolean;
}

/**
 * The page's policy: scripts only from the app itself (plus the dev server's nonce), no frames, no plugins, no base
 * or form targets, and connections anywhere (MCP servers are wherever the user points; the dev server's HMR websocket
 * is same-origin). 'unsafe-eval' stays because the forms' validator (ajv, through @rjsf/validator-ajv8) compiles the
 * server's schemas with `new Function`: see the README's decision on why it was kept.
 */
export function pageCsp(opts: CspOptions = {}): string {
  return [
    "default-src 'self'",
    'connect-src *',
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    `script-src 'self'${opts.nonce ? ` 'nonce-${opts.nonce}'` : ''} 'unsafe-eval'`,
    "worker-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    ...(opts.header ? ["frame-ancestors 'none'"] : []),
  ].join('; ');
}

/** The policy the build puts in its `<meta>` tag (static hosting should also send the header form: see README). */
export const PAGE_CSP = pageCsp();

/** Headers on every response of the dev and preview servers. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
  };
}

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function securityHeadersMiddleware(csp: string): Middleware {
  const headers = Object.entries(securityHeaders(csp));
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * Why a request for `/__inspector/config` is refused, or undefined when it may have it: only on a loopback
 * connection, under an app Host (DNS rebinding), from the app's own origin (an `Origin` or a `Sec-Fetch-Site` of
 * another site, e.g. a page on another loopback port, is refused). Tools without those headers (curl, Playwright's
 * request context) pass on Host alone, as they would on the relay.
 */
export function configRefusal(req: IncomingMessage, appHosts: string[]): string | undefined {
  if (!isLoopbackAddress(req.socket.localAddress)) return 'not a loopback connection';
  const host = (req.headers.host ?? '').toLowerCase();
  if (!appHosts.includes(host)) return `Host "${host}" is not one the app is served under`;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return `Origin "${origin}" is not the app's origin`;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site "${String(site)}"`;
  return undefined;
}
