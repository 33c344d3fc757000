import type { StateCreator } from 'zustand';
import { newId } from '../lib/ids.ts';
import type { Exchange, HeaderList } from '../protocol/exchange.ts';
import type { HeldStage, ProxyControl, ProxyEvent, ProxyInfo } from '../protocol/proxy-wire.ts';
import type { WatchGroups } from '../session/watched.ts';
import type { InspectorState } from './inspector-store.ts';

/** How watched traffic becomes the session's conversations (session/watched.ts) and the batched reducer it feeds. */
type WatchedModel = typeof import('../session/watched.ts') &
  Pick<typeof import('../session/reduce-many.ts'), 'reduceMany'>;
let watchedModel: WatchedModel | undefined;

/**
 * The watched-traffic model loads with the first proxy event, not at startup: a page that watches no client never
 * needs it. Resolves once it is loaded (a test awaits it to apply events at once, as the page does after the first).
 */
export const loadWatchedModel = (): Promise<WatchedModel> =>
  Promise.all([import('../session/watched.ts'), import('../session/reduce-many.ts')]).then(
    ([watched, { reduceMany }]) => (watchedModel = { ...watched, reduceMany }),
  );

/** A request or answer the proxy holds for the user (`gone`: the client stopped waiting for it). */
export interface HeldItem {
  id: string;
  stage: HeldStage;
  /** ms epoch it started waiting */
  at: number;
  headers: HeaderList;
  body: string;
  status?: number;
  /** the response event of an SSE answer (only its body can still change) */
  sse?: boolean;
  proxyId?: string;
  /** the client gave up while it was held: shown until dismissed */
  goneAt?: number;
}

/** What the page may ask of the proxies (absent when the page is served without them). */
export interface ProxyDeps {
  control: (control: ProxyControl) => Promise<Record<string, unknown>>;
  /** this page started a proxy: follow the proxies' event stream (opened once) and tell this origin's other tabs */
  follow: () => void;
}

/** Watched clients: the proxies, their held items, and their traffic as the session's conversations. */
export interface WatchSlice {
  /** the proxies this inspector runs, as the node side last listed them; default none */
  proxies: ProxyInfo[];
  /** the event stream from the proxies is connected */
  watchConnected: boolean;
  heldItems: HeldItem[];
  /** how watched requests are grouped into conversations (not saved: the conversations are) */
  watchGroups: WatchGroups;
  /** exchanges already placed, with the proxy each came through (each is placed once) */
  watchSeen: Record<string, string>;
  /** the last proxy control that failed, said in words */
  watchError: string | null;
  /** one event of the proxies' stream (the composition root feeds them) */
  applyProxyEvent: (event: ProxyEvent) => void;
  /** a watched exchange ended: record it as a leg */
  recordWatched: (exchangeId: string, exchange: Exchange) => void;
  /** a watched answer's JSON-RPC response is whole (the client may act on it before it is recorded) */
  noteWatchedAnswer: (exchangeId: string, message: Record<string, unknown>) => void;
  /** a request the server pushed on a watched exchange's stream (`exchange.message`): a leg of its call */
  recordWatchedPushed: (exchangeId: string, exchange: Exchange) => void;
  setWatchConnected: (connected: boolean) => void;
  setProxyHold: (proxyId: string, stage: HeldStage, on: boolean) => Promise<void>;
  forwardHeld: (id: string, edits?: { headers?: HeaderList; body?: string; status?: number }) => Promise<void>;
  dropHeld: (id: string) => Promise<void>;
  dismissHeld: (id: string) => void;
  startProxy: (target: string) => Promise<void>;
  /** stop a proxy: it leaves the list, and what it held goes with it */
  stopProxy: (proxyId: string) => Promise<void>;
  /**
   * From watching to stepping: a branch of the app's own that resends a watched leg (its method, params, answers and
   * requestState) from the composer, against the watched server (connected first when the page is on another).
   * Returns the branch's id (null: not a watched call's leg).
   */
  forkWatchedLeg: (legId: string) => string | null;
  /** "Audit this server" asked for from a watched call: the call's name to audit, against the watched server */
  auditRequest: { only: string; nonce: number } | null;
  /**
   * "Audit this call": audit the watched call `conversationId` by its name against its server (the proxy's target,
   * connected first when the page is on another), as "Run audit" would with only that name; the audit opens with the
   * name filled in and shows the run. An audit already running is not interrupted (the name waits in the form).
   */
  auditWatchedCall: (conversationId: string) => Promise<void>;
}

/** the calls a watched conversation can be stepped or audited from (a client's other traffic cannot) */
const WATCHED_CALLS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

export function createWatchSlice(proxy: ProxyDeps | undefined): StateCreator<InspectorState, [], [], WatchSlice> {
  return (set, get) => {
    // proxy events that arrive while the model loads wait here and are applied in their order
    let waiting: ((model: WatchedModel) => void)[] | null = null;
    const withModel = (apply: (model: WatchedModel) => void): void => {
      if (watchedModel && !waiting) return apply(watchedModel);
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
      watchConnected: false,
      heldItems: [],
      watchError: null,
      watchGroups: { byState: {}, sessions: {}, other: {}, placed: {}, pushed: {} },
      watchSeen: {},
      // every event waits for the model while it loads, so a held request never overtakes the request it holds
      applyProxyEvent: (event) =>
        withModel(({ placeWatchedRequest, noteWatchedHead, reduceMany }) => {
          switch (event.type) {
            case 'proxies':
              set({ proxies: event.proxies });
              return;
            case 'request': {
              const s = get();
              if (s.watchSeen[event.id]) return;
              const placed = placeWatchedRequest(
                s.watchGroups,
                {
                  proxyId: event.proxyId,
                  exchangeId: event.id,
                  httpMethod: event.method,
                  url: event.url,
                  headers: event.headers,
                  body: event.body,
                  at: event.at,
                },
                () => newId('watch'),
              );
              set((st) => ({
                watchGroups: placed.groups,
                watchSeen: { ...st.watchSeen, [event.id]: event.proxyId },
                session: reduceMany(st.session, placed.events),
              }));
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
              if (event.status !== undefined) item.status = event.status;
              if (event.sse) item.sse = true;
              const proxyId = get().watchSeen[event.id];
              if (proxyId) item.proxyId = proxyId;
              set((s) => ({
                heldItems: [...s.heldItems.filter((h) => !(h.id === event.id && h.stage === event.stage)), item],
              }));
              return;
            }
            case 'released':
              set((s) => ({
                heldItems:
                  event.end === 'client-gone'
                    ? s.heldItems.map((h) =>
                        h.id === event.id && h.stage === event.stage ? { ...h, goneAt: event.at } : h,
                      )
                    : s.heldItems.filter((h) => !(h.id === event.id && h.stage === event.stage)),
              }));
              return;
            case 'response-head':
              set((s) => ({ watchGroups: noteWatchedHead(s.watchGroups, event.id, event.headers) }));
              return;
            default:
              return;
          }
        }),
      recordWatched: (exchangeId, exchange) =>
        withModel(({ recordWatchedExchange, reduceMany }) => {
          const recorded = recordWatchedExchange(get().watchGroups, exchangeId, newId('leg'), exchange);
          set((st) => ({ watchGroups: recorded.groups, session: reduceMany(st.session, recorded.events) }));
        }),
      noteWatchedAnswer: (exchangeId, message) =>
        withModel(({ noteWatchedAnswer }) =>
          set((s) => ({ watchGroups: noteWatchedAnswer(s.watchGroups, exchangeId, message) })),
        ),
      recordWatchedPushed: (exchangeId, exchange) =>
        withModel(({ recordWatchedPushed, reduceMany }) => {
          const recorded = recordWatchedPushed(get().watchGroups, exchangeId, newId('leg'), exchange);
          set((st) => ({ watchGroups: recorded.groups, session: reduceMany(st.session, recorded.events) }));
        }),
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
      dismissHeld: (id) =>
        set((s) => ({ heldItems: s.heldItems.filter((h) => h.id !== id || h.goneAt === undefined) })),
      startProxy: async (target) => {
        // the stream begins with the history: following after the start loses none of the new proxy's traffic
        if (await control({ action: 'start', target })) proxy?.follow();
      },
      auditRequest: null,
      forkWatchedLeg: (legId) => {
        const s = get();
        const leg = s.session.legs[legId];
        const conversation = leg && s.session.conversations[leg.conversationId];
        if (!conversation?.watched || !WATCHED_CALLS.has(conversation.method)) return null;
        if (s.connectedUrl !== conversation.serverUrl) s.connect(conversation.serverUrl);
        return get().fork(legId);
      },
      auditWatchedCall: async (conversationId) => {
        const s = get();
        const conversation = s.session.conversations[conversationId];
        if (!conversation?.watched || !WATCHED_CALLS.has(conversation.method)) return;
        const name = conversation.params.name ?? conversation.params.uri;
        if (typeof name !== 'string') return;
        if (s.connectedUrl !== conversation.serverUrl) s.connect(conversation.serverUrl);
        set({ auditRequest: { only: name, nonce: (s.auditRequest?.nonce ?? 0) + 1 } });
        await get().startAudit({ only: [name] });
      },
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
