import { createRelayFetch } from '../client/relay-fetch.ts';
import { loadRuntimeConfig, type RuntimeConfig } from '../lib/runtime-config.ts';
import { DEFAULT_SERVER_URL } from '../store/connection-slice.ts';
import { createInspectorStore, type InspectorStore } from '../store/inspector-store.ts';
import type { AppDeps } from '../store/deps-context.tsx';
import { createFetchFor } from './transport.ts';

/** Builds the store and dependencies, and connects on load (`?server=` or the bundled mock). */
export async function bootstrap(location: Location): Promise<{ store: InspectorStore; deps: AppDeps }> {
  const config: RuntimeConfig = await loadRuntimeConfig();
  const deps: AppDeps = {
    config,
    fetchFor: createFetchFor(config, (token) => createRelayFetch({ relayBase: '', token })),
    now: () => performance.timeOrigin + performance.now(),
    timeoutMs: 60_000,
  };
  const store = createInspectorStore(deps);
  const params = new URLSearchParams(location.search);
  const fromQuery = params.get('server');
  const initialUrl = fromQuery ?? config.mockUrl ?? DEFAULT_SERVER_URL;
  store.getState().setServerUrl(initialUrl);
  if (params.get('transport') === 'relay' && config.relay) store.getState().setTransportMode('relay');
  if (fromQuery || config.mockUrl) store.getState().connect(initialUrl);
  return { store, deps };
}
