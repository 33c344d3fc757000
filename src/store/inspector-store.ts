import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EraConnections } from '../client/legacy/era-connections.ts';
import type { FetchLike } from '../client/send-leg.ts';
import { LEGACY_ERA_VERSION } from '../protocol/era.ts';
import { createAuditSlice, type AuditSlice } from './audit-slice.ts';
import { createAuthSlice, type AuthSlice } from './auth-slice.ts';
import type { TabStorage } from './auth-runtime.ts';
import { createCompareSlice, type CompareSlice } from './compare-slice.ts';
import { createConnectionSlice, type ConnectionSlice, type TransportMode } from './connection-slice.ts';
import { createSessionSlice, type SessionSlice } from './session-slice.ts';
import { createSessionIoSlice, type SessionIoSlice } from './session-io-slice.ts';
import { createTaskSlice, type TaskSlice } from './task-slice.ts';
import type { OpenLegacyCalls } from '../session/flows/send-legacy-draft.ts';
import { createTrafficSlice, type TrafficSlice } from './traffic-slice.ts';
import { createUiSlice, type UiSlice } from './ui-slice.ts';
import { createWatchSlice, type ProxyDeps, type WatchSlice } from './watch-slice.ts';
import {
  auditLinks,
  authLinks,
  compareLinks,
  createStoreFlows,
  sessionLinks,
  taskLinks,
  type StoreFlows,
} from './flows/store-flows.ts';

export type InspectorState = ConnectionSlice &
  SessionSlice &
  SessionIoSlice &
  TaskSlice &
  UiSlice &
  AuthSlice &
  CompareSlice &
  TrafficSlice &
  AuditSlice &
  WatchSlice &
  StoreFlows;

/** What the store needs from the outside world, injected so tests can pass fakes. */
export interface InspectorDeps {
  fetchFor: (mode: TransportMode) => FetchLike;
  now: () => number;
  /** the era of the connection and its 2025-11-25 session; absent = 2026-07-28 only (e.g. unit tests) */
  eras?: EraConnections;
  /** per-leg timeout in ms */
  timeoutMs?: number;
  /** what signing in needs from the browser; absent = no sign-in (e.g. unit tests of other slices) */
  auth?: AuthEnv;
  /** the inspector's proxies (watched clients); absent when the page is served without them */
  proxy?: ProxyDeps;
}

interface AuthEnv {
  /** open the authorization URL in a sign-in window; resolves with the URL the server redirected back to */
  openBrowser: (url: string, signal: AbortSignal) => Promise<string>;
  /** this app's callback route, e.g. http://127.0.0.1:5173/oauth/callback */
  redirectUri: string;
  /** this app's Client ID Metadata Document URL ('' when the page is served without one) */
  metadataDocumentUrl: string;
  /** client metadata sent with Dynamic Client Registration */
  registrationMetadata: Record<string, unknown>;
  relayToken?: string;
  /** sessionStorage, for the opt-in "keep signed in in this tab" */
  tabStorage?: TabStorage;
}

export type InspectorStore = StoreApi<InspectorState>;

/** One store built from slices (zustand slices pattern); created once in the composition root. */
export function createInspectorStore(deps: InspectorDeps, initial?: Partial<InspectorState>): InspectorStore {
  // 2025-11-25 calls whose stream is still open: the session and task slices open them, Stop ends them
  const openCalls: OpenLegacyCalls = new Map();
  const store = createStore<InspectorState>()((...a) => {
    const connection = createConnectionSlice(...a);
    return {
      ...connection,
      // ending a 2025-11-25 connection ends its session on the server (DELETE)
      disconnect: () => {
        void deps.eras?.close().then((ended) => {
          if (!ended) return;
          const status = ended.exchange.response?.status;
          a[0]({
            connectionNote: `Ended the ${LEGACY_ERA_VERSION} session: DELETE answered ${
              status === undefined ? `nothing (${ended.exchange.failure?.message ?? 'no answer'})` : `HTTP ${status}`
            }`,
          });
        });
        connection.disconnect();
      },
      ...createSessionSlice(deps, openCalls, sessionLinks(a[1], deps.eras))(...a),
      ...createSessionIoSlice(...a),
      ...createTaskSlice(deps, openCalls, taskLinks(a[1], deps.eras))(...a),
      ...createUiSlice(...a),
      ...createAuthSlice(deps, authLinks(a[1]))(...a),
      ...createCompareSlice(deps, compareLinks(a[1]))(...a),
      ...createTrafficSlice(...a),
      ...createAuditSlice(deps, auditLinks(a[1]))(...a),
      ...createWatchSlice(deps.proxy)(...a),
      // intents that span slices (store/flows/)
      ...createStoreFlows(a[1], deps.proxy),
    };
  });
  if (initial) store.setState(initial);
  return store;
}
