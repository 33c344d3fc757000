/**
 * A call over a 2025-11-25 session: the first leg is the plain request the session numbers and sends; every request
 * the server pushes on the call's stream is a leg of the call whose answer waits in the composer as a JSON-RPC
 * response; the call's own response is the last leg. A call sent with `params.task` that returns a task hands the
 * conversation to the 2025-11-25 task kind. Pure.
 */
import { classifyExchange } from '../../../protocol/classify-exchange.ts';
import type { ComposedRequest, ConnectionContext } from '../../compose.ts';
import type { Conversation, Draft } from '../../model.ts';
import { composeCall } from '../call/compose-call.ts';
import { nextDraft, previousRound } from '../call/next-draft.ts';
import type { ConversationKind } from '../kind.ts';
import { afterLegacyTaskLeg, legacyTaskOutcome } from '../legacy-task/legacy-task-legs.ts';
import { composeLegacyCall } from './compose-legacy-call.ts';
import { composeResponse } from './compose-response.ts';
import { answeredPushed, pushedDraft, pushedOutcome, pushedStatus } from './pushed-legs.ts';

/**
 * A leg over a session: the response to a pushed request, or the call itself as the session sends it; without a
 * session in the context (it ended), the call as a 2026-07-28 request would go.
 */
export function composeOnSession(c: Conversation, draft: Draft, ctx: ConnectionContext): ComposedRequest {
  if (draft.respondTo) return composeResponse(c, draft, ctx);
  const handshake = ctx.handshake;
  return handshake ? composeLegacyCall(c, draft, { ...ctx, handshake }) : composeCall(c, draft, ctx);
}

/** The send button of a leg over a session: a response to a pushed request is no retry. */
export const sessionSendLabel = (c: Conversation) => (c.draft?.respondTo ? 'Send response' : undefined);

/** An answer posted to a pushed request (`leg/answered`): attached to the pushed leg. */
export const onPushedAnswer: NonNullable<ConversationKind['onEvent']> = (c, event, ctx) =>
  event.type === 'leg/answered' ? answeredPushed(c, ctx.leg(event.legId), event) : undefined;

export const legacyCallKind: ConversationKind = {
  id: 'legacy-call',
  wire: 'session',
  compose: composeOnSession,
  classify: (c, r) =>
    r.pushed
      ? pushedOutcome(r.exchange, r.pushed)
      : (legacyTaskOutcome(c, r.exchange, r.sent, r.rpcId) ??
        classifyExchange(r.exchange, r.sent.method ?? c.method, r.rpcId)),
  parentOf: previousRound,
  afterLeg: (c, leg, rpcId) => {
    const task = afterLegacyTaskLeg(c, leg);
    if (task) return { task: task.task, draft: task.draft, becomes: 'legacy-task' };
    return { draft: leg.pushed ? pushedDraft(leg, c.draft) : nextDraft(leg, c.draft, rpcId) };
  },
  status: (_c, last) => pushedStatus(last),
  sendLabel: sessionSendLabel,
  onEvent: onPushedAnswer,
};
