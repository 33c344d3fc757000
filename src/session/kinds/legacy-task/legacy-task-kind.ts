/**
 * A 2025-11-25 task: the call went out with `params.task` and returned a task. Later legs are `tasks/get` polls, a
 * `tasks/cancel`, and `tasks/result`, whose stream brings the requests the task needs answered (answered from the
 * composer like any pushed request) and ends with the call's result. Pure.
 */
import { classifyExchange } from '../../../protocol/classify-exchange.ts';
import { previousRound } from '../call/next-draft.ts';
import type { ConversationKind } from '../kind.ts';
import { composeOnSession, onPushedAnswer, sessionSendLabel } from '../legacy-call/legacy-call-kind.ts';
import { pushedOutcome, pushedStatus } from '../legacy-call/pushed-legs.ts';
import { taskKind, taskStatus } from '../task/task-kind.ts';
import { afterLegacyTaskLeg, keepsWaiting, legacyTaskOutcome } from './legacy-task-legs.ts';

export const legacyTaskKind: ConversationKind = {
  id: 'legacy-task',
  wire: 'session',
  followsOnStart: true,
  compose: composeOnSession,
  classify: (c, r) =>
    r.pushed
      ? pushedOutcome(r.exchange, r.pushed)
      : (legacyTaskOutcome(c, r.exchange, r.sent, r.rpcId) ??
        classifyExchange(r.exchange, r.sent.method ?? c.method, r.rpcId)),
  parentOf: previousRound,
  afterLeg: (c, leg) => {
    const step = afterLegacyTaskLeg(c, leg);
    // a poll or a cancel recorded while tasks/result is awaited leaves that wait in flight
    const keepsInFlight = keepsWaiting(c, leg) || leg.sent.method === 'subscriptions/listen';
    return step ? { task: step.task, draft: step.draft, keepsInFlight } : { draft: c.draft, keepsInFlight };
  },
  status: (_c, last) => taskStatus(last) ?? pushedStatus(last),
  sendLabel: sessionSendLabel,
  // an answer to a request the task pushed, or a status notification (which moves the task as a poll would)
  onEvent: (c, event, ctx) => onPushedAnswer(c, event, ctx) ?? taskKind.onEvent?.(c, event, ctx),
};
