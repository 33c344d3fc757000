/**
 * Following the inspector's proxies for the page's whole life: when to start (a proxy runs at load, this page starts
 * one, another tab of this origin says it started one, or the tab comes back into view and the server now lists one),
 * the event stream itself (client/proxy-feed.ts: it reconnects after a break and resumes after the last event told),
 * and where its events go (the store's watch actions: each request placed at once, each leg recorded as it ends; a
 * reloaded page's saved watched conversations are matched again by the watch slice as the stream retells its
 * history). A page with no proxy keeps no stream open.
 */
import { afterFrame } from '../client/next-task.ts';
import { loadRuntimeConfig, type RuntimeConfig } from '../lib/runtime-config.ts';
import type { InspectorActions } from '../store/inspector-actions.ts';
import type { ProxyDeps } from '../store/watch-slice.ts';

type ProxyFeed = Pick<typeof import('../client/proxy-feed.ts'), 'runProxyFeed' | 'watchedExchanges' | 'proxyControl'>;

/** The proxies' client (their event stream, their controls) loads once a proxy runs or is asked for: most pages watch none. */
const loadProxyFeed = (): Promise<ProxyFeed> => import('../client/proxy-feed.ts');

/** Where this origin's tabs tell each other that one of them started a proxy (a same-origin BroadcastChannel). */
export const PROXY_CHANNEL = 'mrtr-inspector/proxies';
const PROXY_STARTED = 'proxy-started';

/** What following needs of the channel (a `BroadcastChannel`; absent where there is none). */
type Announcements = Pick<BroadcastChannel, 'addEventListener' | 'removeEventListener'>;
type Channel = Announcements & Pick<BroadcastChannel, 'postMessage' | 'close'>;
/** What following needs of the document: whether the tab is in view, and when that changes. */
type Visibility = Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;

/** Tells this origin's other tabs that this one started a proxy (a tab does not hear its own message). */
export function announceProxyStarted(channel: Pick<BroadcastChannel, 'postMessage'> | undefined): void {
  channel?.postMessage(PROXY_STARTED);
}

/**
 * Calls `follow` once a proxy runs: at once when the server lists one now, else the moment another tab of this origin
 * says it started one, or when the tab comes back into view and the server now lists one. Returns what stops waiting.
 */
export function followWhenProxiesRun(
  config: RuntimeConfig,
  follow: () => void,
  reload: () => Promise<RuntimeConfig> = loadRuntimeConfig,
  doc: Visibility = document,
  channel?: Announcements,
): () => void {
  if ((config.proxy?.running ?? 0) > 0) {
    follow();
    return () => undefined;
  }
  let waiting = true;
  const stop = (): void => {
    waiting = false;
    doc.removeEventListener('visibilitychange', recheck);
    channel?.removeEventListener('message', announced);
  };
  const recheck = (): void => {
    if (doc.visibilityState !== 'visible') return;
    void reload().then((now) => {
      if (!waiting || (now.proxy?.running ?? 0) === 0) return;
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
  return stop;
}

/** Where the proxies' events go: the store's watch actions. */
export type WatchSink = Pick<
  InspectorActions,
  'applyProxyEvent' | 'recordWatched' | 'recordWatchedPushed' | 'noteWatchedAnswer' | 'setWatchConnected' | 'watchBatch'
>;

export interface ProxyFollowOptions {
  /** the relay token the proxies' endpoints ask for */
  token: string;
  /** resolves after the page's next frame, when a batch of watched legs reaches the session (injectable for tests) */
  nextFrame?: () => Promise<void>;
  /** the runtime config read at load (how many proxies run) */
  config: RuntimeConfig;
  /** re-reads the runtime config (when the tab comes back into view) */
  reload?: () => Promise<RuntimeConfig>;
  doc?: Visibility;
  /** this origin's tabs' channel; default a BroadcastChannel where there is one (closed by `stop`) */
  channel?: Channel;
  /** the proxies' client; default its chunk, loaded on first use */
  loadFeed?: () => Promise<ProxyFeed>;
  /** the fetch of the stream and the controls (default the page's) */
  fetch?: typeof fetch;
  /** wait before reconnecting a broken stream (default the feed's) */
  retryMs?: number;
}

export interface ProxyFollow {
  /** what the store may ask of the proxies: controls, and "this page started a proxy: follow" */
  readonly deps: ProxyDeps;
  /** from now on the page follows the proxies into `sink` once one runs (at once when one runs now) */
  start(sink: WatchSink): void;
  /** the page follows no more: the stream closes and nothing starts it again */
  stop(): void;
}

/**
 * The proxy-follow lifecycle. The stream is opened once, for the page's life (a chunk that did not load is tried again
 * on the next follow); its breaks are the feed's to reconnect, each told to the sink (`setWatchConnected`).
 */
export function createProxyFollow(opts: ProxyFollowOptions): ProxyFollow {
  const loadFeed = opts.loadFeed ?? loadProxyFeed;
  const ownChannel = opts.channel === undefined && typeof BroadcastChannel === 'function';
  const channel = opts.channel ?? (ownChannel ? new BroadcastChannel(PROXY_CHANNEL) : undefined);
  const abort = new AbortController();
  let sink: WatchSink | undefined;
  let following = false;
  let stopWaiting = (): void => undefined;

  const follow = (): void => {
    const to = sink;
    if (!to || following || abort.signal.aborted) return;
    following = true;
    void loadFeed().then(
      ({ runProxyFeed, watchedExchanges }) => {
        if (abort.signal.aborted) return;
        const record = watchedExchanges((id, exchange) => to.recordWatched(id, exchange), Date.now, {
          onPushed: (id, exchange) => to.recordWatchedPushed(id, exchange),
          onAnswer: (id, message) => to.noteWatchedAnswer(id, message),
        });
        return runProxyFeed({
          token: opts.token,
          signal: abort.signal,
          onConnected: to.setWatchConnected,
          // the legs a read of the stream completes reach the session together, after the page's next frame
          onRead: () => to.watchBatch((opts.nextFrame ?? afterFrame)()),
          onEvent: (event, run) => {
            to.applyProxyEvent(event, run);
            record(event, run);
          },
          ...(opts.fetch ? { fetch: opts.fetch } : {}),
          ...(opts.retryMs !== undefined ? { retryMs: opts.retryMs } : {}),
        });
      },
      () => {
        following = false;
      },
    );
  };

  return {
    deps: {
      control: async (c) => (await loadFeed()).proxyControl(opts.token, c, opts.fetch),
      follow: () => {
        announceProxyStarted(channel);
        follow();
      },
    },
    start: (to) => {
      if (sink || abort.signal.aborted) return;
      sink = to;
      stopWaiting = followWhenProxiesRun(opts.config, follow, opts.reload, opts.doc ?? globalThis.document, channel);
    },
    stop: () => {
      if (abort.signal.aborted) return;
      abort.abort();
      stopWaiting();
      if (ownChannel) channel?.close();
      if (following) sink?.setWatchConnected(false);
    },
  };
}
