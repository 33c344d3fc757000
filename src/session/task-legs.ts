/**
 * How a task conversation (tasks extension) moves on when a leg is recorded: a leg returning a task sets
 * `conversation.task`; an `input_required` task offers a `tasks/update` draft holding only the keys not answered
 * yet (a key the client answered is never asked twice, whatever later polls repeat); an acknowledged
 * `tasks/update` marks its keys answered; a task that is working again or over drops the draft. Pure.
 */
import type { Conversation, Draft, Leg, TaskTrack } from './model.ts';

/** The leg's JSON-RPC method (a task leg's own method, otherwise the conversation's). */
export function legMethod(conversation: Conversation, leg: Leg): string {
  return leg.sent.method ?? conversation.method;
}

/** The next task track and draft after `leg`; undefined when the leg has nothing to do with a task. */
export function afterTaskLeg(
  c: Conversation,
  leg: Leg,
  rpcId: number,
): { task: TaskTrack; draft: Draft | undefined } | undefined {
  const method = leg.sent.method ?? c.method;
  const o = leg.outcome;
  if (o.kind === 'task') {
    const task: TaskTrack = c.task?.taskId === o.task.taskId ? c.task : { taskId: o.task.taskId, answeredKeys: [] };
    if (o.task.status !== 'input_required') return { task, draft: undefined };
    const pending = Object.fromEntries(
      Object.entries(o.task.inputRequests ?? {}).filter(([key]) => !task.answeredKeys.includes(key)),
    );
    if (Object.keys(pending).length === 0) return { task, draft: c.draft?.afterLegId ? c.draft : undefined };
    const previous = c.task && c.draft?.inputRequests ? c.draft : undefined;
    // answers typed while polling go on: keep those whose key is still pending
    const answers = Object.fromEntries(Object.entries(previous?.answers ?? {}).filter(([key]) => key in pending));
    const draft: Draft = {
      afterLegId: leg.id,
      rpcId: previous?.rpcId ?? rpcId,
      params: { taskId: task.taskId },
      inputRequests: pending,
      answers,
      capabilities: leg.sent.capabilities,
      extraHeaders: previous?.extraHeaders ?? {},
      origin: { rpcId, params: { taskId: task.taskId }, capabilities: leg.sent.capabilities, answers: {} },
    };
    return { task, draft };
  }
  if (!c.task) return undefined;
  if (method === 'tasks/update' && o.kind === 'complete') {
    const answered = [...new Set([...c.task.answeredKeys, ...leg.sent.answeredKeys])];
    return { task: { ...c.task, answeredKeys: answered }, draft: undefined };
  }
  // a failed poll, update or cancel: the task and any unsent answers stay as they were
  return { task: c.task, draft: c.draft };
}
