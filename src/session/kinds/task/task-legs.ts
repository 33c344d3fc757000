/**
 * How a task conversation (tasks extension) moves on when a leg is recorded: a leg returning a task sets
 * `conversation.task`; an `input_required` task offers a `tasks/update` draft holding only the keys not answered
 * yet (a key the client answered is never asked twice, whatever later polls repeat); an acknowledged
 * `tasks/update` marks its keys answered; a task that is working again or over drops the draft. A status
 * notification moves the task on the same way (a 2025-11-25 task's only drops the draft once the task is over). Pure.
 */
import { hasOwnKey } from '../../../protocol/own-keys.ts';
import { isTerminalStatus, type TaskSnapshot } from '../../../protocol/tasks/wire.ts';
import type { ClientCapabilities } from '../../../protocol/types.ts';
import type { Conversation, Draft, Leg, TaskTrack } from '../../model.ts';

/**
 * The draft after the task was seen as `snapshot` (by a leg or a notification): an `input_required` task offers a
 * tasks/update holding only the keys not answered yet; anything else drops the draft.
 */
function draftAfterSnapshot(
  c: Conversation,
  task: TaskTrack,
  snapshot: TaskSnapshot,
  afterLegId: string | undefined,
  rpcId: number,
  capabilities: ClientCapabilities,
): Draft | undefined {
  if (snapshot.status !== 'input_required') return undefined;
  const pending = Object.fromEntries(
    Object.entries(snapshot.inputRequests ?? {}).filter(([key]) => !task.answeredKeys.includes(key)),
  );
  if (Object.keys(pending).length === 0) return c.draft?.afterLegId ? c.draft : undefined;
  const previous = c.task && c.draft?.inputRequests ? c.draft : undefined;
  // answers typed while polling go on: keep those whose key is still pending
  // own keys only: a key named like an Object member ("toString", "__proto__") is a key like any other
  const answers = Object.fromEntries(
    Object.entries(previous?.answers ?? {}).filter(([key]) => hasOwnKey(pending, key)),
  );
  const draft: Draft = {
    rpcId: previous?.rpcId ?? rpcId,
    params: { taskId: task.taskId },
    inputRequests: pending,
    answers,
    capabilities,
    extraHeaders: previous?.extraHeaders ?? {},
    origin: { rpcId, params: { taskId: task.taskId }, capabilities, answers: {} },
  };
  if (afterLegId !== undefined) draft.afterLegId = afterLegId;
  return draft;
}

/**
 * True when the server says `a` is older than `b` (both carry `lastUpdatedAt`): a poll answered before a status
 * notification arrived can be recorded after it, and must not take the task back.
 */
export function olderSnapshot(a: TaskSnapshot, b: TaskSnapshot): boolean {
  const ta = a.lastUpdatedAt ? Date.parse(a.lastUpdatedAt) : NaN;
  const tb = b.lastUpdatedAt ? Date.parse(b.lastUpdatedAt) : NaN;
  return Number.isFinite(ta) && Number.isFinite(tb) && ta < tb;
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
    // a notification newer than this (late) answer is what the task is now
    const notice = task.notices?.[task.notices.length - 1]?.task;
    const seen = notice && olderSnapshot(o.task, notice) ? notice : o.task;
    return { task, draft: draftAfterSnapshot(c, task, seen, leg.id, rpcId, leg.sent.capabilities) };
  }
  if (!c.task) return undefined;
  if (method === 'tasks/update' && o.kind === 'complete') {
    const answered = [...new Set([...c.task.answeredKeys, ...leg.sent.answeredKeys])];
    return { task: { ...c.task, answeredKeys: answered }, draft: undefined };
  }
  // a failed poll, update or cancel, or a listen stream that ended: the task and any unsent answers stay as they were
  return { task: c.task, draft: c.draft };
}

/**
 * The task track and draft after a status notification (`notifications/tasks`): the notice is kept in order and
 * moves the task on like a poll that saw the same task would. Undefined when the notice is about another task.
 */
export function afterTaskNotice(
  c: Conversation,
  snapshot: TaskSnapshot,
  at: number,
  rpcId: number,
  capabilities: ClientCapabilities,
): { task: TaskTrack; draft: Draft | undefined } | undefined {
  if (!c.task || c.task.taskId !== snapshot.taskId) return undefined;
  const task: TaskTrack = { ...c.task, notices: [...(c.task.notices ?? []), { at, task: snapshot }] };
  // 2025-11-25 (notifications/tasks/status): the task's requests come on tasks/result, not in the task; the
  // response waiting in the composer stays until the task is over
  if (c.task.era) return { task, draft: isTerminalStatus(snapshot.status) ? undefined : c.draft };
  const lastLegId = c.legIds[c.legIds.length - 1];
  return { task, draft: draftAfterSnapshot(c, task, snapshot, lastLegId, rpcId, capabilities) };
}
