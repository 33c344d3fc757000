/**
 * A request a 2025-11-25 server pushes on its session's own stream (the standalone GET) belongs to no call, whatever
 * call happens to be in flight: it gets a conversation of its own, one leg (the pushed request, server -> client) whose
 * JSON-RPC response waits in the composer like any pushed round. Sending it POSTs the response and ends the
 * conversation (send-legacy-draft.ts); the call in flight goes on without waiting for it.
 */
import type { Exchange } from '../../protocol/exchange.ts';
import type { ClientCapabilities } from '../../protocol/types.ts';
import { conversationStarted, type SessionEvent } from '../events.ts';
import { plainSent } from '../model.ts';
import { pushedFacts } from '../kinds/legacy-call/pushed-legs.ts';

export interface SessionRequestDeps {
  dispatch: (event: SessionEvent) => void;
  newId: (prefix: string) => string;
  capabilities: ClientCapabilities;
}

/** The title of a session request's conversation: its method, and that no call asked it. */
export function sessionRequestTitle(method: string): string {
  return `${method} (asked on the session, outside any call)`;
}

/**
 * Record `request` as a conversation of its own, `exchange` being the stream it came on (from the moment it came);
 * returns the conversation and leg ids.
 */
export function recordSessionRequest(
  deps: SessionRequestDeps,
  serverUrl: string,
  request: { id: string | number; method: string },
  exchange: Exchange,
): { conversationId: string; legId: string } {
  const conversationId = deps.newId('conv');
  const legId = deps.newId('leg');
  deps.dispatch(
    conversationStarted(
      conversationId,
      { title: sessionRequestTitle(request.method), method: request.method, params: {} },
      { serverUrl, capabilities: deps.capabilities, at: exchange.startedAt, kind: 'pushed-request' },
    ),
  );
  const sent = plainSent({}, deps.capabilities);
  deps.dispatch({
    type: 'leg/recorded',
    conversationId,
    legId,
    rpcId: request.id,
    exchange,
    sent,
    pushed: pushedFacts(request.id, request.method, true),
  });
  return { conversationId, legId };
}
