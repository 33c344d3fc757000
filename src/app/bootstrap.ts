import { createRelayFetch } from '../client/relay-fetch.ts';
import type { IoMessage } from '../features/session-io/use-session-io.ts';
import { newId } from '../lib/ids.ts';
import { loadRuntimeConfig, type RuntimeConfig } from '../lib/runtime-config.ts';
import { createIndexedDbStorage } from '../lib/storage/indexeddb-storage.ts';
import type { KeyValueStorage } from '../lib/storage/key-value-storage.ts';
import { mergeSessions } from '../session/io/merge.ts';
import { decodeSharePayload, shareFragment } from '../session/io/share-link.ts';
import { DEFAULT_SERVER_URL } from '../store/connection-slice.ts';
import { createInspectorStore, type InspectorStore } from '../store/inspector-store.ts';
import type { AppDeps } from '../store/deps-context.tsx';
import { createPersistence, type Persistence } from '../store/persistence.ts';
import { createFetchFor } from './transport.ts';

export interface Booted {
  store: InspectorStore;
  deps: AppDeps;
  persistence: Persistence;
  notices: IoMessage[];
}

/** Open a `#share=` link: add its conversations to the session, select the first, and drop the fragment. */
function openShareLink(store: InspectorStore, location: Location, notices: IoMessage[]): void {
  const payload = shareFragment(location.hash);
  if (payload === undefined) return;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  const decoded = decodeSharePayload(payload);
  if (!decoded.ok) {
    notices.push({ tone: 'error', text: `Could not open the share link: ${decoded.error}` });
    return;
  }
  const merged = mergeSessions(
    store.getState().session,
    decoded.session,
    { source: 'link', name: 'share link', at: Date.now() },
    newId,
  );
  store.getState().dispatch({ type: 'session/replaced', state: merged.session });
  const first = merged.added[0] ?? merged.alreadyPresent[0];
  const c = first ? merged.session.conversations[first] : undefined;
  if (c) store.setState({ selectedConversationId: c.id, selectedLegId: c.legIds[c.legIds.length - 1] ?? null });
  notices.push({
    tone: 'info',
    text: `Opened a shared conversation${decoded.redacted ? ' (secrets were redacted by the sender)' : ''}. It is a recording, shown offline.`,
  });
}

/**
 * Builds the store and dependencies, restores the saved session, opens a share link from the fragment, and connects
 * on load (`?server=` first, then the server the saved session was connected to, then the bundled mock).
 */
export async function bootstrap(
  location: Location,
  storage: KeyValueStorage = createIndexedDbStorage(),
): Promise<Booted> {
  const config: RuntimeConfig = await loadRuntimeConfig();
  const deps: AppDeps = {
    config,
    fetchFor: createFetchFor(config, (token) => createRelayFetch({ relayBase: '', token })),
    now: () => performance.timeOrigin + performance.now(),
    timeoutMs: 60_000,
  };
  const store = createInspectorStore(deps);
  const persistence = createPersistence(store, { storage });
  const report = await persistence.load();
  const notices: IoMessage[] = report.problems.map((text) => ({ tone: 'error', text }));

  const params = new URLSearchParams(location.search);
  const fromQuery = params.get('server');
  const saved = store.getState().connectedUrl;
  if (params.get('transport') === 'relay' && config.relay) store.getState().setTransportMode('relay');
  if (fromQuery) {
    store.getState().setServerUrl(fromQuery);
    store.getState().connect(fromQuery);
  } else if (saved) {
    store.getState().connect(saved);
  } else if (!report.restored) {
    const initialUrl = config.mockUrl ?? DEFAULT_SERVER_URL;
    store.getState().setServerUrl(initialUrl);
    if (config.mockUrl) store.getState().connect(initialUrl);
  }
  openShareLink(store, location, notices);
  persistence.start();
  void persistence.flush();
  return { store, deps, persistence, notices };
}
