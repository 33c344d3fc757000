/**
 * A request a 2025-11-25 server pushed on its session's own stream (the standalone GET), outside any call: a
 * conversation of that one request, whose answer waits in the composer as a JSON-RPC response; posting it ends it.
 * Pure.
 */
import { classifyExchange } from '../../../protocol/classify-exchange.ts';
import { previousRound } from '../call/next-draft.ts';
import type { ConversationKind } from '../kind.ts';
import { composeResponse } from '../legacy-call/compose-response.ts';
import { onPushedAnswer } from '../legacy-call/legacy-call-kind.ts';
import { pushedDraft, pushedOutcome, pushedStatus } from '../legacy-call/pushed-legs.ts';

export const pushedRequestKind: ConversationKind = {
  id: 'pushed-request',
  wire: 'session',
  compose: composeResponse,
  classify: (c, r) =>
    r.pushed ? pushedOutcome(r.exchange, r.pushed) : classifyExchange(r.exchange, r.sent.method ?? c.method, r.rpcId),
  parentOf: previousRound,
  afterLeg: (c, leg) => ({ draft: pushedDraft(leg, c.draft) }),
  status: (_c, last) => pushedStatus(last),
  sendLabel: () => 'Send response',
  onEvent: onPushedAnswer,
};
