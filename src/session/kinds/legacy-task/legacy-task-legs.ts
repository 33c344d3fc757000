/**
 * A 2025-11-25 task conversation, leg by leg. The `tools/call` went out with `params.task`; its CreateTaskResult
 * (`{ task }`) starts the task (`conversation.task.era`). Later legs are `tasks/get` polls and a `tasks/cancel`, each
 * answering the Task itself, and `tasks/result`: its stream brings the requests the task needs answered (pushed legs,
 * answered from the composer like any 2025-11-25 pushed request) and ends with the call's own result. Polls go on
 * while tasks/result is open, so a poll neither drops the response waiting in the composer nor ends the wait of a
 * response already sent. Pure.
 */
import type { Outcome } from '../../../protocol/classify.ts';
import { classifyExchange } from '../../../protocol/classify-exchange.ts';
import {
  asksForTask,
  readCreateTaskResult,
  readLegacyTask,
  readTaskStatusNotification,
} from '../../../protocol/tasks/legacy-wire.ts';
import { isTerminalStatus, type TaskSnapshot } from '../../../protocol/tasks/wire.ts';
import type { Exchange } from '../../../protocol/exchange.ts';
import { LEGACY_PROTOCOL_VERSION, type RpcId } from '../../../protocol/types.ts';
import type { Conversation, Draft, Leg, SentFacts, SessionState, TaskTrack } from '../../model.ts';
import { pushedDraft } from '../legacy-call/pushed-legs.ts';

/** The conversation follows a 2025-11-25 task. */
export function isLegacyTask(c: Conversation | undefined): boolean {
  return c?.task?.era === LEGACY_PROTOCOL_VERSION;
}

/**
 * The task conversation a `notifications/tasks/status` from the server at `url` is about (the latest one following
 * that task id on that server), with the task it carries; undefined for another message, a task no conversation
 * follows, or a notification whose task does not read.
 */
export function legacyTaskNotice(
  state: SessionState,
  url: string,
  message: unknown,
): { conversationId: string; task: TaskSnapshot } | undefined {
  const task = readTaskStatusNotification(message);
  if (task === undefined || typeof task === 'string') return undefined;
  let found: Conversation | undefined;
  for (const c of Object.values(state.conversations)) {
    if (isLegacyTask(c) && c.serverUrl === url && c.task?.taskId === task.taskId) {
      if (!found || c.createdAt >= found.createdAt) found = c;
    }
  }
  return found ? { conversationId: found.id, task } : undefined;
}

/**
 * The outcome of a leg of a 2025-11-25 task conversation, or undefined when the leg is not one (the ordinary
 * classification applies). The creating call's result is read as a CreateTaskResult; a poll's or a cancel's as a Task.
 * A tasks/result leg is an ordinary result (exactly what the call would have answered).
 */
export function legacyTaskOutcome(
  c: Conversation,
  exchange: Exchange,
  sent: SentFacts,
  rpcId: RpcId,
): Outcome | undefined {
  const method = sent.method ?? c.method;
  // the creating call (also when a loaded session already knows the task it created)
  const creating = (!c.task || isLegacyTask(c)) && method === 'tools/call' && asksForTask(sent.params);
  const following = isLegacyTask(c) && (method === 'tasks/get' || method === 'tasks/cancel');
  if (!creating && !following) return undefined;
  // read as a plain result first (errors, transport and content type as for any leg); the 2026-07-28 task reading
  // does not apply to this era's shapes
  const base = classifyExchange(exchange, 'tasks/result', rpcId);
  if (base.kind !== 'complete') return base;
  const task = creating ? readCreateTaskResult(base.result) : readLegacyTask(base.result);
  if (typeof task === 'string') return { kind: 'invalid', reason: task };
  return { kind: 'task', result: base.result, task };
}

/**
 * The next task track and draft after `leg` in a 2025-11-25 task conversation; undefined when the conversation is not
 * one (and the leg does not start one).
 */
export function afterLegacyTaskLeg(
  c: Conversation,
  leg: Leg,
): { task: TaskTrack; draft: Draft | undefined } | undefined {
  const o = leg.outcome;
  if (!c.task) {
    const method = leg.sent.method ?? c.method;
    if (o.kind !== 'task' || method !== 'tools/call' || !asksForTask(leg.sent.params)) return undefined;
    return { task: { taskId: o.task.taskId, answeredKeys: [], era: LEGACY_PROTOCOL_VERSION }, draft: undefined };
  }
  if (!isLegacyTask(c)) return undefined;
  // a request the task needs answered, pushed on the tasks/result stream: its response waits in the composer
  if (leg.pushed) return { task: c.task, draft: pushedDraft(leg, c.draft) };
  const method = leg.sent.method ?? c.method;
  // the task is over: nothing is left to answer
  if (o.kind === 'task' && isTerminalStatus(o.task.status)) return { task: c.task, draft: undefined };
  // tasks/result ended (the result, an error, or the stream broke off): a response still unsent has nowhere to go
  if (method === 'tasks/result') return { task: c.task, draft: undefined };
  // a poll or a cancel that did not end the task: the response waiting in the composer stays
  return { task: c.task, draft: c.draft };
}

/**
 * A poll or a cancel recorded while the conversation waits on tasks/result (a response sent, the stream still open)
 * leaves that wait in flight: it is another request, with its own id.
 */
export function keepsWaiting(c: Conversation, leg: Leg): boolean {
  const method = leg.sent.method;
  return (
    isLegacyTask(c) &&
    c.inFlight !== undefined &&
    c.inFlight.rpcId !== leg.rpcId &&
    (method === 'tasks/get' || method === 'tasks/cancel')
  );
}

/** The last tasks/result leg that ended (its result, its error, or why it ended without one), if any. */
export function legacyResultLeg(legs: readonly Leg[]): Leg | undefined {
  for (let i = legs.length - 1; i >= 0; i--) {
    const leg = legs[i]!;
    if (leg.sent.method === 'tasks/result' && !leg.pushed) return leg;
  }
  return undefined;
}

/** The final result arrived: tasks/result answered a result or the call's JSON-RPC error. */
export function hasLegacyResult(legs: readonly Leg[]): boolean {
  const leg = legacyResultLeg(legs);
  return leg !== undefined && (leg.outcome.kind === 'complete' || leg.outcome.kind === 'error');
}
