import { QueryClient } from '@tanstack/react-query';
import { createRelayFetch } from '../client/relay-fetch.ts';
import { afterFrame } from '../client/next-task.ts';
import type { IoMessage } from '../features/session-io/session-toolbar.tsx';
import { DEMO_SERVER_PARAM, demoServerUrl, startDemoServer } from '../lib/demo-worker.ts';
import { createInputActivity } from '../lib/input-activity.ts';
import { loadRuntimeConfig, type RuntimeConfig } from '../lib/runtime-config.ts';
import { APP_DATABASE, createIndexedDbStorage } from '../lib/storage/indexeddb-storage.ts';
import type { KeyValueStorage } from '../lib/storage/key-value-storage.ts';
import { createTabLock, type TabLock } from '../lib/tab-lock.ts';
import { EraConnections } from '../client/legacy/era-connections.ts';
import { actionsOf, type InspectorActions } from '../store/inspector-actions.ts';
import { createInspectorStore, type InspectorStore } from '../store/inspector-store.ts';
import type { AppDeps } from '../store/deps-context.tsx';
import { createPersistence, type Persistence } from '../store/persistence/persistence.ts';
import { readSaved } from '../store/persistence/persistence-load.ts';
import { defaultSaveSerialiser } from '../store/persistence/save-serialiser.ts';
import { connectionInForce, connectOnLoad } from '../store/start-up.ts';
import { queryEnvOf } from '../queries/query-env.ts';
import { discoverQuery, promptsQuery, resourcesQuery, templatesQuery, toolsQuery } from '../queries/server-queries.ts';
import { CALLBACK_PATH, CLIENT_METADATA_PATH, clientMetadata } from '../protocol/auth/client-metadata.ts';
import { openSignInWindow } from './oauth-callback.ts';
import { createFetchFor, observeResponses, type ResponseReport } from './transport.ts';

export interface Booted {
  store: InspectorStore;
  deps: AppDeps;
  persistence: Persistence;
  notices: IoMessage[];
  /** the query cache, with the connected server's discover and lists already requested */
  queryClient: QueryClient;
}

/**
 * Starts `server/discover` and the four lists of the server connected at start, before the first render: the
 * components use the same option factories (so the same keys) and pick up these requests in flight.
 */
function prefetchServer(queryClient: QueryClient, store: InspectorStore, deps: AppDeps): void {
  const { settings, nonce, record } = connectionInForce(store);
  const env = queryEnvOf(settings, nonce, deps.fetchFor, deps.eras, record);
  if (!env) return;
  // tools first: the catalog's main list, and what a user waits for
  void queryClient.prefetchQuery(toolsQuery(env));
  void queryClient.prefetchQuery(discoverQuery(env));
  void queryClient.prefetchQuery(promptsQuery(env));
  void queryClient.prefetchQuery(resourcesQuery(env));
  void queryClient.prefetchQuery(templatesQuery(env));
}

/** A `#share=` fragment is there (checked without loading the share-link decoder). */
export function hasShareFragment(hash: string): boolean {
  return /^#(?:.*&)?share=/.test(hash);
}

/**
 * Open a `#share=` link: add its conversations to the session, select the first, and drop the fragment. The decoder
 * (fflate, zod) is loaded only when there is a link to open.
 */
async function openShareLink(actions: InspectorActions, location: Location, notices: IoMessage[]): Promise<void> {
  const { decodeSharePayload, shareFragment } = await import('../session/io/share-link.ts');
  const payload = shareFragment(location.hash);
  if (payload === undefined) return;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  const decoded = decodeSharePayload(payload);
  if (!decoded.ok) {
    notices.push({ tone: 'error', text: `Could not open the share link: ${decoded.error}` });
    return;
  }
  actions.adoptSession(decoded.session, { source: 'link', name: 'share link', at: Date.now() });
  notices.push({
    tone: 'info',
    text: `Opened a shared conversation${decoded.redacted ? ' (secrets were redacted by the sender)' : ''}. It is a recording, shown offline.`,
  });
}

/** The proxies' client (their event stream, their controls) loads once a proxy runs or is asked for: most pages watch none. */
const loadProxyFeed = () => import('../client/proxy-feed.ts');

/**
 * Follows the proxies' traffic from the first call on, for the page's whole life: each request is placed at once, each
 * leg recorded as it ends. The stream starts with the history, so a proxy's traffic before the call is not lost.
 */
function proxyFollower(actions: InspectorActions, token: string): () => void {
  let following = false;
  return () => {
    if (following) return;
    following = true;
    // a feed whose chunk did not load is tried again on the next follow (this page starting a proxy)
    void loadProxyFeed().then(
      ({ runProxyFeed, watchedExchanges }) => {
        const record = watchedExchanges((id, exchange) => actions.recordWatched(id, exchange), Date.now, {
          onPushed: (id, exchange) => actions.recordWatchedPushed(id, exchange),
          onAnswer: (id, message) => actions.noteWatchedAnswer(id, message),
        });
        return runProxyFeed({
          token,
          signal: new AbortController().signal,
          onConnected: actions.setWatchConnected,
          // the legs a read of the stream completes reach the session together, after the page's next frame
          onRead: () => actions.watchBatch(afterFrame()),
          onEvent: (event, run) => {
            actions.applyProxyEvent(event, run);
            record(event, run);
          },
        });
      },
      () => {
        following = false;
      },
    );
  };
}

/** Where this origin's tabs tell each other that one of them started a proxy (a same-origin BroadcastChannel). */
export const PROXY_CHANNEL = 'mrtr-inspector/proxies';
const PROXY_STARTED = 'proxy-started';

/** What `followWhenProxiesRun` needs of the channel (a `BroadcastChannel`; absent where there is none). */
type Announcements = Pick<BroadcastChannel, 'addEventListener' | 'removeEventListener'>;

/** Tells this origin's other tabs that this one started a proxy (a tab does not hear its own message). */
export function announceProxyStarted(channel: Pick<BroadcastChannel, 'postMessage'> | undefined): void {
  channel?.postMessage(PROXY_STARTED);
}

/**
 * The page follows the proxies only once one runs: at load when the server lists one (the command line's, or one
 * another tab started), when this page starts one, the moment another tab of this origin says it started one, and
 * when the tab comes back into view and the server now lists one (a proxy started from elsewhere meanwhile). A page
 * with no proxy keeps no stream open.
 */
export function followWhenProxiesRun(
  config: RuntimeConfig,
  follow: () => void,
  reload: () => Promise<RuntimeConfig> = loadRuntimeConfig,
  doc: Document = document,
  channel?: Announcements,
): void {
  if ((config.proxy?.running ?? 0) > 0) {
    follow();
    return;
  }
  const stop = (): void => {
    doc.removeEventListener('visibilitychange', recheck);
    channel?.removeEventListener('message', announced);
  };
  const recheck = (): void => {
    if (doc.visibilityState !== 'visible') return;
    void reload().then((now) => {
      if ((now.proxy?.running ?? 0) === 0) return;
      stop();
      follow();
    });
  };
  const announced = (event: Event): void => {
    if ((event as MessageEvent).data !== PROXY_STARTED) return;
    stop();
    follow();
  };
  doc.addEventListener('visibilitychange', recheck);
  channel?.addEventListener('message', announced);
}

/**
 * Builds the store and dependencies, restores the saved session, opens a share link from the fragment, and connects
 * on load (`?server=` first (`?server=demo`: the demo server in the page), then the server the saved session was connected to, then the bundled mock). The runtime
 * config and the saved data are read at the same time.
 */
export async function bootstrap(
  location: Location,
  given?: KeyValueStorage,
  // one tab at a time writes the session (Web Locks; without them this tab writes, as before); asked first, so a
  // reloading tab takes its lock back before a waiting tab's grace period ends
  tabLock: TabLock = createTabLock('mrtr-inspector/session-writer'),
): Promise<Booted> {
  const storage = given ?? createIndexedDbStorage();
  // start both reads at once: neither waits for the other
  const savedTexts = readSaved(storage);
  const config: RuntimeConfig = await loadRuntimeConfig();
  const plainFetchFor = createFetchFor(config, (token) => createRelayFetch({ relayBase: '', token }));
  let reportResponse: (r: ResponseReport) => void = () => undefined;
  const origin = location.origin;
  const deps: AppDeps = {
    config,
    // every response is reported to the auth slice, so a 401 / 403 insufficient_scope offers "Sign in"
    fetchFor: (mode) => observeResponses(plainFetchFor(mode), (r) => reportResponse(r)),
    now: () => performance.timeOrigin + performance.now(),
    timeoutMs: 60_000,
    eras: new EraConnections(),
    auth: {
      openBrowser: openSignInWindow,
      redirectUri: `${origin}${CALLBACK_PATH}`,
      // served by the dev/preview server's plugin; a statically served build has none (DCR or pre-registration then)
      metadataDocumentUrl: config.relay ? `${origin}${CLIENT_METADATA_PATH}` : '',
      registrationMetadata: clientMetadata(origin),
      ...(config.relay ? { relayToken: config.relay.token } : {}),
      tabStorage: window.sessionStorage,
    },
  };
  const proxyToken = config.proxy?.enabled ? config.relay?.token : undefined;
  let followProxies = (): void => undefined;
  const proxyChannel =
    proxyToken && typeof BroadcastChannel === 'function' ? new BroadcastChannel(PROXY_CHANNEL) : undefined;
  if (proxyToken)
    deps.proxy = {
      control: async (c) => (await loadProxyFeed()).proxyControl(proxyToken, c),
      follow: () => {
        announceProxyStarted(proxyChannel);
        followProxies();
      },
    };
  const store = createInspectorStore(deps);
  const actions = actionsOf(store);
  reportResponse = actions.noteAuthResponse;
  // autosave yields to scrolling and typing (its garbage would otherwise bring GC pauses into scroll frames)
  const persistence = createPersistence(store, {
    storage,
    quietGate: createInputActivity(window),
    // redaction and JSON in a worker: their garbage never pauses the page's frames (store/persistence/save-serialiser.ts)
    // and, when it is the app's own database, the worker writes each leg there itself (no 32 MB text back to the page)
    serialiser: defaultSaveSerialiser(given ? undefined : APP_DATABASE),
    tabLock,
  });
  const report = await persistence.load(savedTexts);
  const notices: IoMessage[] = report.problems.map((text) => ({ tone: 'error', text }));

  const params = new URLSearchParams(location.search);
  let serverParam = params.get('server');
  // `?server=demo`: the demo server that runs in this page (a service worker), started before connecting to it
  if (serverParam === DEMO_SERVER_PARAM) {
    const demo = await startDemoServer();
    serverParam = demo.ok ? demo.url : null;
    if (!demo.ok) notices.push({ tone: 'error', text: demo.error });
  }
  connectOnLoad(store, {
    serverParam,
    relay: params.get('transport') === 'relay' && Boolean(config.relay),
    mockUrl: config.mockUrl,
    restored: report.restored,
  });
  // a session restored connected to the demo server: its worker must control this page again (a hard reload
  // starts a page no worker controls)
  const inForce = connectionInForce(store).settings?.url;
  if (serverParam === null && inForce !== undefined && inForce === demoServerUrl(location.href)) {
    const demo = await startDemoServer();
    if (!demo.ok) notices.push({ tone: 'error', text: demo.error });
  }
  if (proxyToken) {
    followProxies = proxyFollower(actions, proxyToken);
    followWhenProxiesRun(config, followProxies, loadRuntimeConfig, document, proxyChannel);
  }
  const queryClient = new QueryClient();
  prefetchServer(queryClient, store, deps);
  if (hasShareFragment(location.hash)) await openShareLink(actions, location, notices);
  persistence.start();
  void persistence.flush();
  return { store, deps, persistence, notices, queryClient };
}
