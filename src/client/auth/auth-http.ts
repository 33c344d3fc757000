/**
 * How the sign-in flow's HTTP requests leave the page: directly when the server allows it (CORS), else through the
 * same-origin relay (metadata GETs as `X-Relay-Method: GET`, token and registration POSTs as ordinary forwards).
 * A GET is tried directly first (safe to repeat); a POST goes through the relay when the relay is in use for this
 * connection or its origin already needed it, so a token request is never sent twice.
 */
import type { AuthHttpRequest, AuthHttpResponse } from '../../protocol/auth/http.ts';
import { RELAY_FORWARD_PATH } from '../../protocol/relay-paths.ts';

export interface AuthHttpOptions {
  /** relay token when the relay is available */
  relayToken?: string;
  /** the connection uses the relay */
  preferRelay: boolean;
  baseFetch?: typeof fetch;
  timeoutMs?: number;
}

export interface AuthHttpResult {
  response: AuthHttpResponse;
  via: 'direct' | 'relay';
}

function listHeaders(h: Headers): [string, string][] {
  const out: [string, string][] = [];
  h.forEach((v, k) => out.push([k, v]));
  return out;
}

/** A fresh sender; remembers which origins needed the relay. */
export function createAuthHttp(opts: AuthHttpOptions): (req: AuthHttpRequest) => Promise<AuthHttpResult> {
  const base = opts.baseFetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const needsRelay = new Set<string>();
  const timeout = opts.timeoutMs ?? 30_000;

  async function record(res: Response, via: 'direct' | 'relay'): Promise<AuthHttpResult> {
    if (via === 'relay' && res.headers.has('x-relay-error')) {
      let message = `the relay refused (${res.headers.get('x-relay-error')})`;
      try {
        const body = (await res.json()) as { error?: { message?: string } };
        if (body.error?.message) message = body.error.message;
      } catch {
        // keep the default
      }
      throw new Error(`Relay: ${message}`);
    }
    const headers = new Headers(res.headers);
    const location = headers.get('x-relay-location');
    if (location !== null) {
      headers.delete('x-relay-location');
      headers.set('location', location);
    }
    for (const name of ['x-relay', 'x-relay-error']) headers.delete(name);
    return { response: { status: res.status, headers: listHeaders(headers), body: await res.text() }, via };
  }

  async function direct(req: AuthHttpRequest): Promise<AuthHttpResult> {
    const res = await base(req.url, {
      method: req.method,
      headers: req.headers,
      ...(req.body !== undefined ? { body: req.body } : {}),
      redirect: 'manual',
      credentials: 'omit',
      signal: AbortSignal.timeout(timeout),
    });
    return record(res, 'direct');
  }

  async function relay(req: AuthHttpRequest, token: string): Promise<AuthHttpResult> {
    const headers = new Headers(req.headers);
    headers.set('x-relay-target', req.url);
    headers.set('x-relay-token', token);
    if (req.method === 'GET') headers.set('x-relay-method', 'GET');
    const res = await base(`${RELAY_FORWARD_PATH}`, {
      method: 'POST',
      headers,
      ...(req.method !== 'GET' && req.body !== undefined ? { body: req.body } : {}),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeout),
    });
    return record(res, 'relay');
  }

  return async (req) => {
    const origin = new URL(req.url).origin;
    const token = opts.relayToken;
    if (!token) return direct(req);
    if (req.method !== 'GET') return opts.preferRelay || needsRelay.has(origin) ? relay(req, token) : direct(req);
    if (opts.preferRelay || needsRelay.has(origin)) return relay(req, token);
    try {
      return await direct(req);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') throw error;
      // the browser could not read the answer (no CORS, or unreachable from the page): ask the relay
      needsRelay.add(origin);
      return relay(req, token);
    }
  };
}
