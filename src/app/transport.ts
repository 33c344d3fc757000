import type { FetchLike } from '../client/send-leg.ts';
import type { RuntimeConfig } from '../lib/runtime-config.ts';
import type { TransportMode } from '../store/connection-slice.ts';

/** Picks how a leg leaves the page: straight to the server, or through the same-origin relay. */
export function createFetchFor(config: RuntimeConfig, relayFetch?: (token: string) => FetchLike) {
  const direct: FetchLike = (input, init) => fetch(input, init);
  const relay = config.relay && relayFetch ? relayFetch(config.relay.token) : undefined;
  return (mode: TransportMode): FetchLike => (mode === 'relay' && relay ? relay : direct);
}
