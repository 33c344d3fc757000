/**
 * The same-origin relay: lets the browser app reach MCP servers that send no CORS headers.
 *
 * SECURITY: mount `createRelayHandler` ONLY on a server bound to loopback (127.0.0.1 / ::1). It refuses any request
 * that arrived on a non-loopback local address, but binding elsewhere would still expose it to the network.
 * Every request must carry the per-start token, a Host the app is served under, and (if present) the app's Origin.
 * It spawns nothing and evaluates nothing: it only re-sends POST bodies. See relay.md for the threat model.
 *
 * Node-only (node:http types, global fetch). Connect-style, so Vite's `server.middlewares.use()` takes it as is.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { realClock, type Clock } from '../clock.ts';
import { handleForward } from './relay-forward.ts';
import { isLoopbackAddress, readBody, RelayRefusal, sendRelayFailure, sendRelayJson } from './relay-http.ts';
import { parseProbeRequest, runProbe } from './relay-probe.ts';

import { RELAY_FORWARD_PATH, RELAY_PROBE_PATH } from '../../protocol/relay-paths.ts';

export interface RelayOptions {
  /** Per-start secret the page must send as `X-Relay-Token` (at least 16 characters). */
  token: string;
  /** Host header values the app is served under, e.g. `['127.0.0.1:5173', 'localhost:5173']`. Read per request. */
  appHosts: () => string[];
  /** Largest request body accepted, default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * Largest upstream response passed back, default 64 MiB (`RELAY_MAX_RESPONSE_BYTES`): room for a 32 MB SSE stream;
   * the relay streams (never buffers), so the cap only stops a runaway answer.
   */
  maxResponseBytes?: number;
  /** Idle limit: to response headers (504 `upstream_timeout`), then between body chunks (stream cut); default 60 s. */
  timeoutMs?: number;
  /**
   * Total limit per forwarded request, from receiving it to the response's last byte, however steadily the upstream
   * trickles: 504 `upstream_total_timeout` before the headers, the stream cut after; default 10 minutes.
   */
  totalTimeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Times the idle and total limits; default the wall clock (tests pass a manual one). */
  clock?: Clock;
}

/** The relay's default response size cap: 64 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export type RelayMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Constant-time token comparison (hashing first makes lengths equal). */
export function tokenMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  return timingSafeEqual(digest(expected), digest(given));
}

function routeOf(url: string | undefined): string | undefined {
  const path = (url ?? '').split('?')[0];
  return path === RELAY_FORWARD_PATH || path === RELAY_PROBE_PATH ? path : undefined;
}

/**
 * Every refusal that does not depend on the route, in order; throws `RelayRefusal`. Returns the app origin. Also guards
 * the command line's stdio log route, so it is exactly as hard to reach as the relay.
 */
export function guardRelayRequest(req: IncomingMessage, opts: Pick<RelayOptions, 'token' | 'appHosts'>): string {
  if (!isLoopbackAddress(req.socket.localAddress)) {
    throw new RelayRefusal(403, 'not_loopback', 'The relay only serves connections to a loopback address.');
  }
  const hosts = opts.appHosts().map((h) => h.toLowerCase());
  const host = (req.headers.host ?? '').toLowerCase();
  if (!hosts.includes(host)) {
    throw new RelayRefusal(
      403,
      'bad_host',
      `Host "${host}" is not one the app is served under (DNS rebinding defence).`,
    );
  }
  const origin = req.headers.origin;
  const appOrigins = hosts.flatMap((h) => [`http://${h}`, `https://${h}`]);
  if (origin !== undefined && !appOrigins.includes(origin.toLowerCase())) {
    throw new RelayRefusal(403, 'bad_origin', `Origin "${origin}" is not the app's origin.`);
  }
  if (req.method !== 'POST') {
    throw new RelayRefusal(405, 'method_not_allowed', 'The relay accepts POST only.');
  }
  if (!tokenMatches(opts.token, req.headers['x-relay-token'])) {
    throw new RelayRefusal(401, 'bad_token', 'Missing or wrong X-Relay-Token.');
  }
  return origin ?? `http://${host}`;
}

export function createRelayHandler(opts: RelayOptions): RelayMiddleware {
  if (opts.token.length < 16) throw new Error('createRelayHandler: token must be at least 16 characters');
  const maxBodyBytes = opts.maxBodyBytes ?? 4 * 1024 * 1024;
  const maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const totalTimeoutMs = opts.totalTimeoutMs ?? 600_000;
  const fetchImpl = opts.fetchImpl ?? globalThis.fetch;
  const clock = opts.clock ?? realClock;

  async function serve(route: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const appOrigin = guardRelayRequest(req, opts);
    if (route === RELAY_FORWARD_PATH) {
      await handleForward(req, res, { maxBodyBytes, maxResponseBytes, timeoutMs, totalTimeoutMs, fetchImpl, clock });
      return;
    }
    const { target, headers } = parseProbeRequest(await readBody(req, maxBodyBytes));
    // Each probe step gets at most 15 s, so a black-holed target cannot hold the doctor for minutes.
    const report = await runProbe(target, headers, { appOrigin, timeoutMs: Math.min(timeoutMs, 15_000), fetchImpl });
    sendRelayJson(res, report);
  }

  return (req, res, next) => {
    const route = routeOf(req.url);
    if (!route) {
      next();
      return;
    }
    serve(route, req, res).catch((error: unknown) => {
      // the rest of a too-large body is never read: the connection cannot carry another request
      if (error instanceof RelayRefusal && error.status === 413) res.setHeader('connection', 'close');
      sendRelayFailure(res, error);
    });
  };
}
