/**
 * The 2025-11-25 session as the session slice's second wire. A call to a server the app reached with an `initialize`
 * handshake goes over that server's session (it numbers its requests, and the server pushes requests of its own on
 * the call's stream and on the session's own); every other leg is one HTTP POST. What sends and records legs over a
 * session loads with the first such leg: a 2026-07-28 server never needs it. The wire is client/legacy/session-calls.ts,
 * what its steps become is session/flows/ (send-legacy-draft.ts, session-requests.ts); this module only hands the one
 * to the other, with the store's dispatch, clock and ids.
 */
import type { EraConnections } from '../client/legacy/era-connections.ts';
import type { ClientCapabilities } from '../protocol/types.ts';
import type { ComposedRequest } from '../session/compose.ts';
import type { SessionEvent } from '../session/events.ts';
import type { Conversation, Draft, KindId } from '../session/model.ts';
import type { OpenLegacyCalls } from '../session/flows/send-legacy-draft.ts';

const loadLegacyLegs = () =>
  Promise.all([
    import('../session/flows/send-legacy-draft.ts'),
    import('../session/flows/session-requests.ts'),
    import('../client/legacy/session-calls.ts'),
    import('../client/legacy/legacy-call.ts'),
  ]);

export interface SessionWireDeps {
  eras: EraConnections | undefined;
  dispatch: (event: SessionEvent) => void;
  now: () => number;
  newId: (prefix: string) => string;
  /** the capabilities new conversations declare */
  capabilities: () => ClientCapabilities;
  /** the calls whose stream is still open (one registry for the store) */
  calls: OpenLegacyCalls;
  /** a request the server pushed outside any call became a conversation: show it (or not) */
  shown: (ids: { conversationId: string; legId: string }) => void;
}

/** Sends a conversation's draft over the session; resolves with the last leg it recorded. */
type SessionSender = (c: Conversation, d: Draft, composed: ComposedRequest) => Promise<string>;

export interface SessionWire {
  /** the kind a new call to `url` is: over the session when the connection to `url` is one */
  newCallKind(url: string): KindId;
  /**
   * The sender of legs over the session to `url`, loaded with its code; undefined when there is none (the session
   * ended): such a leg then goes out as one HTTP POST.
   */
  senderFor(url: string): Promise<SessionSender | undefined>;
  /** stop the conversation's call whose stream is still open */
  abort(conversationId: string): void;
}

export function createLegacyWire(deps: SessionWireDeps): SessionWire {
  const calls = deps.calls;
  const eras = deps.eras;
  // a request a server pushes on its session's own stream: a conversation of its own, answered later
  if (eras) {
    eras.onSessionPushed = async (session, request, via) => {
      const [, { recordSessionRequest }, , { pushedExchange }] = await loadLegacyLegs();
      const { dispatch, newId } = deps;
      const exchange = pushedExchange(request, via, deps.now());
      deps.shown(
        recordSessionRequest({ dispatch, newId, capabilities: deps.capabilities() }, session.url, request, exchange),
      );
      return null;
    };
  }
  return {
    newCallKind: (url) => (eras?.legacyFor(url) ? 'legacy-call' : 'call'),
    senderFor: async (url) => {
      if (!eras?.legacyFor(url)) return undefined;
      const [{ sendLegacyDraft }, , { sessionCalls }] = await loadLegacyLegs();
      return (conversation, draft, composed) => {
        // the session is read when the leg goes: it may have been renewed since the sender was loaded
        const session = eras.legacyFor(url);
        if (!session) throw new Error(`the 2025-11-25 session with ${url} ended before the leg went out`);
        const wire = sessionCalls(eras, session, deps.now);
        const legDeps = { wire, calls, dispatch: deps.dispatch, now: deps.now, newId: deps.newId };
        return sendLegacyDraft(legDeps, conversation, draft, composed);
      };
    },
    abort: (conversationId) => calls.get(conversationId)?.call.stop(),
  };
}
