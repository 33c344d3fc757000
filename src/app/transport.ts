import type { FetchLike } from '../client/send-leg.ts';
import type { RuntimeConfig } from '../lib/runtime-config.ts';
import type { TransportMode } from '../store/connection-slice.ts';

/** Picks how a leg leaves the page: straight to the server, or through the same-origin relay. */
export function createFetchFor(config: RuntimeConfig, relayFetch?: (token: string) => FetchLike) {
  const direct: FetchLike = (input, init) => fetch(input, init);
  const relay = config.relay && relayFetch ? relayFetch(config.relay.token) : undefined;
  return (mode: TransportMode): FetchLike => (mode === 'relay' && relay ? relay : direct);
}

/** What the transport reports about each response, so the auth slice can offer "Sign in" on a 401 / 403 challenge. */
export interface ResponseReport {
  url: string;
  method: string;
  status: number;
  wwwAuthenticate: string | null;
  hadBearer: boolean;
}

/** Wrap a fetch so every response is reported (status and WWW-Authenticate only; bodies are left alone). */
export function observeResponses(fetchImpl: FetchLike, report: (r: ResponseReport) => void): FetchLike {
  return async (input, init) => {
    const res = await fetchImpl(input, init);
    const auth = new Headers(init.headers).get('authorization');
    report({
      url: input,
      method: init.method ?? 'GET',
      status: res.status,
      wwwAuthenticate: res.headers.get('www-authenticate'),
      hadBearer: auth !== null && /^bearer /i.test(auth),
    });
    return res;
  };
}
