/**
 * Browser side of the same-origin relay (src/node/relay/relay.ts): a drop-in `fetch` that sends each request through
 * `POST {relayBase}/__relay/forward`, and `probeViaRelay` for the connection doctor. No React.
 */
import type { ProbeReport } from '../protocol/doctor.ts';

import { RELAY_FORWARD_PATH, RELAY_PROBE_PATH, RELAY_UPSTREAM_PREFIX } from '../protocol/relay-paths.ts';

/** The relay itself refused or failed (bad token, unreachable upstream, timeout...): not an answer from the server. */
export class RelayError extends Error {
  override readonly name = 'RelayError';
  constructor(
    readonly status: number,
    /** The relay's error code: `bad_token`, `upstream_timeout`, or a network code such as `ECONNREFUSED`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  /** The upstream could not be reached at all (the relay's 502 / 504), as opposed to the relay refusing the request. */
  get isNetwork(): boolean {
    return this.status === 502 || this.status === 504;
  }
}

export interface RelayFetchOptions {
  /** Where the relay lives: `''` for the page's own origin. */
  relayBase: string;
  token: string;
  baseFetch?: typeof fetch;
}

async function relayErrorFrom(res: Response): Promise<RelayError> {
  let code = res.headers.get('x-relay-error') ?? 'relay_error';
  let message = `Relay answered ${res.status}`;
  try {
    const body = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string') code = body.error.code;
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    // keep the defaults
  }
  return new RelayError(res.status, code, message);
}

/**
 * The response as the upstream sent it: the relay's own headers (`X-Relay`, ...) removed and every header the relay
 * renamed to `X-Relay-Upstream-<name>` (`WWW-Authenticate`, `Location`, the upstream's own `X-Relay-*`...) put back
 * under its name. A Response built here is only data: the browser acts on none of its headers.
 */
function restoreUpstreamHeaders(res: Response): Response {
  const headers = new Headers();
  res.headers.forEach((value, name) => {
    if (name.startsWith(RELAY_UPSTREAM_PREFIX)) headers.append(name.slice(RELAY_UPSTREAM_PREFIX.length), value);
    else if (name !== 'x-relay' && !name.startsWith('x-relay-')) headers.append(name, value);
  });
  // a null-body status (1xx, 204, 205, 304) must be rebuilt without a body
  const body = [101, 103, 204, 205, 304].includes(res.status) ? null : res.body;
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * A `fetch` whose requests go through the relay. The original method, headers, body and abort signal are kept;
 * the URL travels in `X-Relay-Target`. Relay refusals reject with `RelayError` (as a network failure would), so they
 * are never mistaken for the server's own 401 / 403; the one exception is the relay's 405 for non-POST methods.
 */
export function createRelayFetch(opts: RelayFetchOptions): typeof fetch {
  const base = opts.baseFetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set('x-relay-target', request.url);
    headers.set('x-relay-token', opts.token);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    // a 2025-11-25 session's GET (standalone stream, resumption) and DELETE travel as a POST to the relay, which
    // sends them upstream with the session's headers
    const sessionMethod = (request.method === 'GET' || request.method === 'DELETE') && !headers.has('x-relay-method');
    if (sessionMethod) {
      headers.set('x-relay-method', request.method);
      headers.set('x-relay-mcp', 'session');
    }
    const res = await base(`${opts.relayBase}${RELAY_FORWARD_PATH}`, {
      method: sessionMethod ? 'POST' : request.method,
      headers,
      // no cookies, no cached HTTP auth, and no sign-in box: nothing the browser holds for the app's origin rides along
      credentials: 'omit',
      signal: request.signal,
      ...(hasBody ? { body: await request.arrayBuffer() } : {}),
    });
    // The relay forwards POST only; its 405 is handed back as a response, since that is what a stateless MCP server
    // answers to GET / DELETE too (and what the SDK clients expect).
    if (res.headers.has('x-relay-error') && res.status !== 405) throw await relayErrorFrom(res);
    return restoreUpstreamHeaders(res);
  };
}

export interface ProbeViaRelayOptions {
  relayBase: string;
  token: string;
  target: string;
  /** Extra headers for the probe's requests, e.g. `{ Authorization: 'Bearer …' }`. */
  headers?: Record<string, string>;
  fetchImpl?: typeof fetch;
}

/** Ask the relay to diagnose `target` from outside the browser. */
export async function probeViaRelay(opts: ProbeViaRelayOptions): Promise<ProbeReport> {
  const doFetch = opts.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const res = await doFetch(`${opts.relayBase}${RELAY_PROBE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-relay-token': opts.token },
    credentials: 'omit',
    body: JSON.stringify({ target: opts.target, ...(opts.headers ? { headers: opts.headers } : {}) }),
  });
  if (!res.ok || res.headers.has('x-relay-error')) throw await relayErrorFrom(res);
  return (await res.json()) as ProbeReport;
}
