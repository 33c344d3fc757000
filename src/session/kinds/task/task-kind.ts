/**
 * A call that returned a task (tasks extension, 2026-07-28): its later legs are `tasks/get` polls, `tasks/cancel`, a
 * `subscriptions/listen` stream for its status notifications, and `tasks/update` carrying the answers the task asks
 * for (no retry, no requestState). Pure.
 */
import { classifyExchange } from '../../../protocol/classify-exchange.ts';
import type { TaskStatus } from '../../../protocol/tasks/wire.ts';
import { taskParams } from '../../../protocol/tasks/wire.ts';
import type { Conversation, Leg } from '../../model.ts';
import type { ConversationStatus } from '../../selectors.ts';
import { composeEnveloped } from '../call/compose-call.ts';
import { previousRound } from '../call/next-draft.ts';
import type { ConversationKind, KindStep } from '../kind.ts';
import { afterTaskLeg, afterTaskNotice } from './task-legs.ts';

/** A conversation whose last leg saw its task: working (poll again), waiting for the user, or over. */
export function taskStatus(last: Leg): ConversationStatus | undefined {
  if (last.outcome.kind !== 'task') return undefined;
  const status: TaskStatus = last.outcome.task.status;
  if (status === 'working') return 'task-working';
  if (status === 'input_required') return 'awaiting-input';
  return status === 'failed' ? 'error' : 'complete';
}

/** The task and draft after `leg` (the leg that returned the task, or one of the task's own legs). */
export function taskStep(c: Conversation, leg: Leg, rpcId: number): KindStep {
  const step = afterTaskLeg(c, leg, rpcId);
  // a listen stream is recorded when it ends, while a poll may be in flight: that one stays in flight
  const keepsInFlight = leg.sent.method === 'subscriptions/listen';
  return step ? { task: step.task, draft: step.draft, keepsInFlight } : { draft: c.draft, keepsInFlight };
}

export const taskKind: ConversationKind = {
  id: 'task',
  wire: 'http',
  // the answers go back as tasks/update {taskId, inputResponses}: no retry, no requestState (unless typed in)
  compose: (c, draft, ctx) =>
    composeEnveloped(
      c,
      draft,
      ctx,
      ({ meta, inputResponses }) => ({
        jsonrpc: '2.0',
        id: draft.rpcId,
        method: 'tasks/update',
        params: {
          ...taskParams('tasks/update', c.task?.taskId ?? '', inputResponses),
          ...(draft.requestState === undefined ? {} : { requestState: draft.requestState }),
          _meta: meta,
        },
      }),
      'tasks/update',
    ),
  classify: (c, { exchange, sent, rpcId }) => classifyExchange(exchange, sent.method ?? c.method, rpcId),
  parentOf: previousRound,
  afterLeg: taskStep,
  status: (_c, last) => taskStatus(last),
  sendLabel: () => 'Send update',
  onEvent: (c, event, ctx) => {
    // the listen stream took the session's next free id (nothing is in flight)
    if (event.type === 'task/listen-started')
      return { conversation: c, nextRpcId: event.rpcId === ctx.nextRpcId ? ctx.nextRpcId + 1 : ctx.nextRpcId };
    if (event.type !== 'task/notified') return undefined;
    const step = afterTaskNotice(c, event.task, event.at, ctx.nextRpcId, event.capabilities);
    if (!step) return undefined;
    const { draft: _old, ...rest } = c;
    const conversation: Conversation = { ...rest, task: step.task };
    if (step.draft) conversation.draft = step.draft;
    const took = step.draft && step.draft.rpcId === ctx.nextRpcId;
    return { conversation, nextRpcId: took ? ctx.nextRpcId + 1 : ctx.nextRpcId };
  },
};
