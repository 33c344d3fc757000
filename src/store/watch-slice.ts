import type { StateCreator } from 'zustand';
import { newId } from '../lib/ids.ts';
import { loadOnce } from '../lib/load-once.ts';
import type { Exchange, HeaderList } from '../protocol/exchange.ts';
import {
  watchedExchangeKey,
  type HeldStage,
  type ProxyControl,
  type ProxyEvent,
  type ProxyInfo,
} from '../protocol/proxy-wire.ts';
import type { RecordedExchange, WatchGroups } from '../session/kinds/watched/watched.ts';
import type { SessionEvent } from '../session/events.ts';
import type { InspectorState } from './inspector-store.ts';

/** How watched traffic becomes the session's conversations (session/kinds/watched/watched.ts) and the batched reducer it feeds. */
type WatchedModel = typeof import('../session/kinds/watched/watched.ts') &
  Pick<typeof import('../session/reduce-many.ts'), 'reduceMany'>;

/**
 * The watched-traffic model loads with the first proxy event, not at startup: a page that watches no client never
 * needs it. Once loaded, events apply at once (a test awaits `loadWatchedModel()` to start there, as the page does
 * after the first).
 */
const watchedModel = loadOnce((): Promise<WatchedModel> =>
  Promise.all([import('../session/kinds/watched/watched.ts'), import('../session/reduce-many.ts')]).then(
    ([watched, { reduceMany }]) => ({ ...watched, reduceMany }),
  ),
);
export const loadWatchedModel = (): Promise<WatchedModel> => watchedModel.load();

/** A request or answer the proxy holds for the user (`goneAt`: it can no longer be forwarded or dropped). */
export interface HeldItem {
  /** the exchange's id within its run (what Forward and Drop name) */
  id: string;
  /** the run of the inspector that holds it (absent: the stream named none) */
  run?: string;
  stage: HeldStage;
  /** ms epoch it started waiting */
  at: number;
  headers: HeaderList;
  body: string;
  status?: number;
  /** the response event of an SSE answer (only its body can still change) */
  sse?: boolean;
  proxyId?: string;
  /** the client gave up while it was held, or the inspector holding it restarted: shown until dismissed */
  goneAt?: number;
  /** gone because the inspector restarted (its proxies, and the client's connection to them, ended with it) */
  restarted?: true;
}

/** What the page may ask of the proxies (absent when the page is served without them). */
export interface ProxyDeps {
  control: (control: ProxyControl) => Promise<Record<string, unknown>>;
  /** this page started a proxy: follow the proxies' event stream (opened once) and tell this origin's other tabs */
  follow: () => void;
}

/** A line a tapped stdio server wrote to its stderr (or a stdio line that is no JSON-RPC message), as it came. */
interface TapLogLine {
  at: number;
  line: string;
  stream: 'stderr' | 'stdout' | 'stdin';
}

/** The lines kept of each tap's log (the oldest go first). */
const TAP_LOG_LINES = 500;

/** Watched clients: the proxies, their held items, and their traffic as the session's conversations. */
export interface WatchSlice {
  /** each stdio tap's log (by the tap's id), newest last; not saved */
  tapLogs: Record<string, TapLogLine[]>;
  /** the proxies this inspector runs, as the node side last listed them; default none */
  proxies: ProxyInfo[];
  /** the event stream from the proxies is connected */
  watchConnected: boolean;
  heldItems: HeldItem[];
  /** how watched requests are grouped into conversations (not saved: the conversations are) */
  watchGroups: WatchGroups;
  /** exchanges already placed (by run and id), with the proxy each came through (each is placed once) */
  watchSeen: Record<string, string>;
  /** the run of the inspector whose stream the page last read (null: none yet); a new one means it restarted */
  watchRun: string | null;
  /** the last proxy control that failed, said in words */
  watchError: string | null;
  /** when this page last fell behind the proxies' stream and missed some of their traffic (ms epoch; null: never) */
  watchMissedAt: number | null;
  /**
   * One event of the proxies' stream and its run (the composition root feeds them). An event of a new run means the
   * inspector restarted: what the old one held is gone, and the new one's exchanges (numbered from `x1` again) are
   * told apart from the old ones by their run.
   */
  applyProxyEvent: (event: ProxyEvent, run?: string) => void;
  /**
   * Hold the legs of the watched traffic out of the session until `until` settles, then reduce them into it together
   * (a batch already open is joined): the page opens one for each read of the proxies' stream, so the legs of a
   * burst are one change of the session and one render, instead of the whole session copied once per event (a
   * client sending 1,000 messages a second made that quadratic, and the page fell seconds behind). What is held keeps
   * its order; the held requests, the proxies' list and the server's log are applied at once as before.
   */
  watchBatch: (until: Promise<unknown>) => void;
  /** a watched exchange ended (named by `watchedExchangeKey`): record it as a leg */
  recordWatched: (exchangeId: string, exchange: Exchange) => void;
  /** a watched answer's JSON-RPC response is whole (the client may act on it before it is recorded) */
  noteWatchedAnswer: (exchangeId: string, message: Record<string, unknown>) => void;
  /** a request the server pushed on a watched exchange's stream (`exchange.message`): a leg of its call */
  recordWatchedPushed: (exchangeId: string, exchange: Exchange) => void;
  setWatchConnected: (connected: boolean) => void;
  setProxyHold: (proxyId: string, stage: HeldStage, on: boolean) => Promise<void>;
  forwardHeld: (id: string, edits?: { headers?: HeaderList; body?: string; status?: number }) => Promise<void>;
  dropHeld: (id: string) => Promise<void>;
  /** a gone item leaves the list (by id, and by run when given: ids repeat after a restart) */
  dismissHeld: (id: string, run?: string) => void;
  startProxy: (target: string) => Promise<void>;
  /** stop a proxy: it leaves the list, and what it held goes with it */
  stopProxy: (proxyId: string) => Promise<void>;
  /** "Audit this server" asked for from a watched call: the call's name to audit, against the watched server */
  auditRequest: { only: string; nonce: number } | null;
  /** the audit form opens with `name` filled in (a watched call asked to be audited: store/flows/watched-call.ts) */
  askAudit: (name: string) => void;
  /** say why a watched client's request to the page did nothing (a flow's failure: store/flows/tapped-flows.ts) */
  showWatchError: (message: string) => void;
}

/** True when `item` belongs to the run `run` ('' when the stream named none). */
const ofRun = (item: HeldItem, run: string): boolean => (item.run ?? '') === run;

export function createWatchSlice(proxy: ProxyDeps | undefined): StateCreator<InspectorState, [], [], WatchSlice> {
  return (set, get) => {
    // the watched exchanges the session already recorded when the run's first request came (a reloaded page restores its
    // saved session, then is told the run from its start): one that started a conversation is placed in it again, and
    // one recorded is placed again only to link what follows it (a retry, a pushed request's answer), not recorded;
    // `replayed`: those told again and not yet ended
    let restored: Map<string, RecordedExchange> | undefined;
    const replayed = new Set<string>();
    // proxy events that arrive while the model loads wait here and are applied in their order
    let waiting: ((model: WatchedModel) => void)[] | null = null;
    const withModel = (apply: (model: WatchedModel) => void): void => {
      const model = watchedModel.loaded();
      if (model && !waiting) return apply(model);
      if (waiting) return void waiting.push(apply);
      waiting = [apply];
      loadWatchedModel().then(
        (model) => {
          const queued = waiting ?? [];
          waiting = null;
          for (const next of queued) next(model);
        },
        (error: unknown) => {
          waiting = null;
          set({
            watchError: `Could not load what shows watched traffic (reload the page): ${error instanceof Error ? error.message : String(error)}`,
          });
        },
      );
    };
    /**
     * While a batch (`watchBatch`) lasts: the slice's own bookkeeping (only this slice reads `watchGroups` and
     * `watchSeen`) and the session's new events, put in the store together when it ends.
     */
    let batch: { groups: WatchGroups; seen: Record<string, string>; events: SessionEvent[]; put: boolean } | undefined;
    /** The slice's bookkeeping as it is now: the batch's while one lasts. */
    const books = (): Pick<InspectorState, 'watchGroups' | 'watchSeen'> =>
      batch ? { watchGroups: batch.groups, watchSeen: batch.seen } : get();
    /** Put new groups (with an exchange now seen, and the session's new events): at once, or into the batch. */
    const put = (
      groups: WatchGroups,
      seen?: { key: string; proxyId: string },
      events: readonly SessionEvent[] = [],
      reduceMany?: WatchedModel['reduceMany'],
    ): void => {
      if (batch) {
        batch.put = true;
        batch.groups = groups;
        if (seen) batch.seen[seen.key] = seen.proxyId;
        batch.events.push(...events);
        return;
      }
      set((st) => ({
        watchGroups: groups,
        ...(seen ? { watchSeen: { ...st.watchSeen, [seen.key]: seen.proxyId } } : {}),
        ...(events.length && reduceMany ? { session: reduceMany(st.session, events) } : {}),
      }));
    };
    const control = async (c: ProxyControl): Promise<boolean> => {
      if (!proxy) {
        set({ watchError: 'This page was not served by the inspector (npm start or mrtr-inspector): no proxy.' });
        return false;
      }
      try {
        await proxy.control(c);
        set({ watchError: null });
        return true;
      } catch (error) {
        set({ watchError: error instanceof Error ? error.message : String(error) });
        return false;
      }
    };
    return {
      proxies: [],
      tapLogs: {},
      watchConnected: false,
      heldItems: [],
      watchError: null,
      watchMissedAt: null,
      watchGroups: { byState: {}, sessions: {}, other: {}, placed: {}, pushed: {} },
      watchSeen: {},
      watchRun: null,
      // every event waits for the model while it loads, so a held request never overtakes the request it holds
      applyProxyEvent: (event, run = '') =>
        withModel(({ placeWatchedRequest, noteWatchedHead, recordedWatchedExchanges, reduceMany }) => {
          const previous = get().watchRun;
          if (previous !== run) {
            // a new run: the inspector restarted. Its proxies are new ones (their ids come again, perhaps for other
            // servers), so their clients' other traffic starts conversations of its own; a request the old one's
            // server pushed can no longer be answered; and nothing the old one held can be forwarded or dropped.
            const at = Date.now();
            restored = undefined;
            if (previous !== null) put({ ...books().watchGroups, other: {}, pushed: {} });
            set((s) => ({
              watchRun: run,
              ...(previous === null
                ? {}
                : {
                    // its taps are new ones too (their ids come again)
                    tapLogs: {},
                    heldItems: s.heldItems.map((h) =>
                      ofRun(h, run) || h.goneAt !== undefined ? h : { ...h, goneAt: at, restarted: true as const },
                    ),
                  }),
            }));
          }
          const key = 'id' in event ? watchedExchangeKey(run, event.id) : '';
          switch (event.type) {
            case 'proxies':
              set({ proxies: event.proxies });
              return;
            case 'missed':
              set({ watchMissedAt: event.at });
              return;
            case 'log': {
              const line: TapLogLine = { at: event.at, line: event.line, stream: event.stream };
              set((s) => {
                const lines = [...(s.tapLogs[event.proxyId] ?? []), line];
                return { tapLogs: { ...s.tapLogs, [event.proxyId]: lines.slice(-TAP_LOG_LINES) } };
              });
              return;
            }
            case 'request': {
              const own = books();
              if (own.watchSeen[key]) return;
              restored ??= recordedWatchedExchanges(get().session);
              const known = restored.get(key);
              const placed = placeWatchedRequest(
                own.watchGroups,
                {
                  proxyId: event.proxyId,
                  exchangeId: key,
                  httpMethod: event.method,
                  url: event.url,
                  headers: event.headers,
                  body: event.body,
                  at: event.at,
                },
                () => known?.conversationId ?? newId('watch'),
              );
              const seen = { key, proxyId: event.proxyId };
              if (known?.recorded) {
                replayed.add(key);
                put(placed.groups, seen);
                return;
              }
              put(placed.groups, seen, placed.events, reduceMany);
              return;
            }
            case 'held': {
              const item: HeldItem = {
                id: event.id,
                stage: event.stage,
                at: event.at,
                headers: event.headers,
                body: event.body,
              };
              if (run) item.run = run;
              if (event.status !== undefined) item.status = event.status;
              if (event.sse) item.sse = true;
              const proxyId = books().watchSeen[key];
              if (proxyId) item.proxyId = proxyId;
              set((s) => ({
                heldItems: [
                  ...s.heldItems.filter((h) => !(h.id === event.id && h.stage === event.stage && ofRun(h, run))),
                  item,
                ],
              }));
              return;
            }
            case 'released': {
              const released = (h: HeldItem) => h.id === event.id && h.stage === event.stage && ofRun(h, run);
              set((s) => ({
                heldItems:
                  event.end === 'client-gone'
                    ? s.heldItems.map((h) => (released(h) ? { ...h, goneAt: event.at } : h))
                    : s.heldItems.filter((h) => !released(h)),
              }));
              return;
            }
            case 'response-head':
              put(noteWatchedHead(books().watchGroups, key, event.headers));
              return;
            default:
              return;
          }
        }),
      recordWatched: (exchangeId, exchange) =>
        withModel(({ recordWatchedExchange, reduceMany }) => {
          const recorded = recordWatchedExchange(books().watchGroups, exchangeId, newId('leg'), exchange);
          if (replayed.delete(exchangeId)) return put(recorded.groups);
          put(recorded.groups, undefined, recorded.events, reduceMany);
        }),
      noteWatchedAnswer: (exchangeId, message) =>
        withModel(({ noteWatchedAnswer }) => put(noteWatchedAnswer(books().watchGroups, exchangeId, message))),
      recordWatchedPushed: (exchangeId, exchange) =>
        withModel(({ recordWatchedPushed, reduceMany }) => {
          const recorded = recordWatchedPushed(books().watchGroups, exchangeId, newId('leg'), exchange);
          if (replayed.has(exchangeId)) return put(recorded.groups);
          put(recorded.groups, undefined, recorded.events, reduceMany);
        }),
      watchBatch: (until) => {
        if (batch) return;
        const { watchGroups, watchSeen } = get();
        const open = { groups: watchGroups, seen: { ...watchSeen }, events: [] as SessionEvent[], put: false };
        batch = open;
        const end = (): void => {
          batch = undefined;
          if (!open.put) return;
          // events were held only by the model's own functions: it is loaded when there are any
          const model = watchedModel.loaded();
          set((st) => ({
            watchGroups: open.groups,
            watchSeen: open.seen,
            ...(open.events.length && model ? { session: model.reduceMany(st.session, open.events) } : {}),
          }));
        };
        until.then(end, end);
      },
      setWatchConnected: (watchConnected) => set({ watchConnected }),
      setProxyHold: async (proxyId, stage, on) => {
        // shown at once; the proxies' next list (sent when the node side applied it) confirms it
        const key = stage === 'request' ? 'holdRequests' : 'holdResponses';
        set((s) => ({ proxies: s.proxies.map((p) => (p.id === proxyId ? { ...p, [key]: on } : p)) }));
        await control({ action: 'hold', proxyId, ...(stage === 'request' ? { requests: on } : { responses: on }) });
      },
      forwardHeld: async (id, edits = {}) => {
        await control({ action: 'forward', id, ...edits });
      },
      dropHeld: async (id) => {
        await control({ action: 'drop', id });
      },
      dismissHeld: (id, run) =>
        set((s) => ({
          heldItems: s.heldItems.filter(
            (h) => h.id !== id || (run !== undefined && !ofRun(h, run)) || h.goneAt === undefined,
          ),
        })),
      startProxy: async (target) => {
        // the stream begins with the history: following after the start loses none of the new proxy's traffic
        if (await control({ action: 'start', target })) proxy?.follow();
      },
      auditRequest: null,
      showWatchError: (watchError) => set({ watchError }),
      askAudit: (name) => set((s) => ({ auditRequest: { only: name, nonce: (s.auditRequest?.nonce ?? 0) + 1 } })),
      stopProxy: async (proxyId) => {
        if (!(await control({ action: 'stop', proxyId }))) return;
        // its clients' connections are cut: nothing it held waits any more (the proxies' next list confirms the rest)
        set((s) => ({
          proxies: s.proxies.filter((p) => p.id !== proxyId),
          heldItems: s.heldItems.filter((h) => h.proxyId !== proxyId),
        }));
      },
    };
  };
}
