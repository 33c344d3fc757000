/**
 * Every place one slice reaches another, in one file. A slice file touches only its own state: what it needs of the
 * others it declares as a narrow interface of functions (`SessionLinks`, `TaskLinks`), wired here to the store; and
 * an intent that spans slices (stepping or auditing a watched call) is a flow (store/flows/) over narrow ports, put on
 * the store here under the name the screens call.
 */
import type { EraConnections } from '../../client/legacy/era-connections.ts';
import { connectionContextOf } from '../../session/selectors.ts';
import { currentSettings, tokenFor } from '../connection-slice.ts';
import type { InspectorState } from '../inspector-store.ts';
import { legContextOf } from '../leg-context.ts';
import type { AuditLinks } from '../audit-slice.ts';
import type { AuthLinks } from '../auth-slice.ts';
import type { CompareLinks } from '../compare-slice.ts';
import type { SessionLinks } from '../session-slice.ts';
import type { TaskLinks } from '../task-slice.ts';
import { watchedServerOf } from '../../session/kinds/watched/tapped-server.ts';
import type { ForkVariant } from '../session-slice.ts';
import type { ProxyDeps } from '../watch-slice.ts';
import { createTappedFlows } from './tapped-flows.ts';
import { auditWatchedCall, forkWatchedLeg, resendFrom, type WatchedCallPorts } from './watched-call.ts';

/** The flows on the store: intents that span slices, under the names the screens call. */
export interface StoreFlows {
  /**
   * From watching to stepping: a branch of the app's own that resends a watched leg (its method, params, answers and
   * requestState) from the composer, against the watched server (connected first when the page is on another); a
   * tapped call's, against a fresh instance of its server. Returns the branch's id (null: not a watched call's leg,
   * or a tapped one, whose branch comes once its fresh instance runs).
   */
  forkWatchedLeg: (legId: string) => string | null;
  /** `forkAndSend` from the conversation's server: a tapped call's branch goes to a fresh instance of its server */
  resendFrom: (legId: string, variant: ForkVariant) => Promise<void>;
  /**
   * "Audit this call": audit the watched call `conversationId` by its name against its server (the proxy's target,
   * connected first when the page is on another; a tapped call's, a fresh instance of its server), as "Run audit" would with only that name; the audit opens with the
   * name filled in and shows the run. An audit already running is not interrupted (the name waits in the form).
   */
  auditWatchedCall: (conversationId: string) => Promise<void>;
}

type Get = () => InspectorState;

export function createStoreFlows(get: Get, proxy: ProxyDeps | undefined): StoreFlows {
  const watched: WatchedCallPorts = {
    session: () => get().session,
    connectedUrl: () => get().connectedUrl,
    connect: (url) => get().connect(url),
    serverOf: (conversation) => watchedServerOf(conversation, get().proxies),
    tapped: createTappedFlows({ get, proxy, fail: (message) => get().showWatchError(message) }),
  };
  return {
    forkWatchedLeg: (legId) => forkWatchedLeg(legId, { ...watched, fork: (id) => get().fork(id) }),
    resendFrom: (legId, variant) =>
      resendFrom(legId, variant, { ...watched, forkAndSend: (id, v) => get().forkAndSend(id, v) }),
    auditWatchedCall: (conversationId) =>
      auditWatchedCall(conversationId, {
        ...watched,
        askAudit: (name) => get().askAudit(name),
        startAudit: (input) => get().startAudit(input),
      }),
  };
}

/** What the session slice reads of the connection, and the task slice's following of a task. */
export function sessionLinks(get: Get, eras: EraConnections | undefined): SessionLinks {
  return {
    connection: () => connectionContextOf(currentSettings(get())),
    legContext: (conversation) => legContextOf(get(), eras, conversation),
    capabilities: () => get().capabilities,
    holdMode: () => get().holdLegs,
    savedRoots: () => get().savedRoots,
    follow: (conversationId) => void get().autoPollTask(conversationId),
  };
}

/** The session the task slice records its legs in, and what it reads of the connection. */
export function taskLinks(get: Get, eras: EraConnections | undefined): TaskLinks {
  return {
    session: () => get().session,
    dispatch: (event) => get().dispatch(event),
    capabilities: () => get().capabilities,
    legContext: (conversation) => legContextOf(get(), eras, conversation),
  };
}

/** The connection the audit runs through. */
export function auditLinks(get: Get): AuditLinks {
  return {
    connectedUrl: () => get().connectedUrl,
    connection: () => connectionContextOf(currentSettings(get())),
    transportMode: () => get().transportMode,
  };
}

/** The session and the connection's settings a comparison runs with. */
export function compareLinks(get: Get): CompareLinks {
  return {
    session: () => get().session,
    savedRoots: () => get().savedRoots,
    clientInfo: () => get().clientInfo,
    transportMode: () => get().transportMode,
  };
}

/** The connection the sign-in binds to, and the reconnect that puts new tokens in force. */
export function authLinks(get: Get): AuthLinks {
  return {
    connectedUrl: () => get().connectedUrl,
    transportMode: () => get().transportMode,
    tokenFor: (url) => tokenFor(get(), url),
    reconnect: (url) => get().connect(url),
  };
}
