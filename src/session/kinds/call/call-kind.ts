/**
 * A 2026-07-28 call (tools/call, prompts/get, resources/read): every leg is one POST; an `input_required` answer puts
 * the retry in the composer. A leg that returns a task hands the conversation to the task kind. Pure.
 */
import { classifyExchange } from '../../../protocol/classify-exchange.ts';
import type { ConversationKind } from '../kind.ts';
import { taskStep } from '../task/task-kind.ts';
import { composeCall } from './compose-call.ts';
import { nextDraft, previousRound } from './next-draft.ts';

export const callKind: ConversationKind = {
  id: 'call',
  wire: 'http',
  compose: composeCall,
  classify: (c, { exchange, sent, rpcId }) => classifyExchange(exchange, sent.method ?? c.method, rpcId),
  parentOf: previousRound,
  afterLeg: (c, leg, rpcId) =>
    leg.outcome.kind === 'task'
      ? { ...taskStep(c, leg, rpcId), becomes: 'task' }
      : { draft: nextDraft(leg, c.draft, rpcId) },
};
