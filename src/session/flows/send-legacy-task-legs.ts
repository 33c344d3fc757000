/**
 * The legs of a 2025-11-25 task over the connection's session: a `tasks/get` poll or a `tasks/cancel`, each one
 * request recorded as a leg of the task's conversation, and `tasks/result`, opened as a call whose stream brings the
 * requests the task needs (pushed legs, answered from the composer by `sendLegacyDraft`) and ends with the result.
 */
import { rpcIdOfBody } from '../../protocol/rpc-id.ts';
import type { Exchange } from '../../protocol/exchange.ts';
import type { TaskSnapshot } from '../../protocol/tasks/wire.ts';
import type { LegacyResultState } from './legacy-task-follow.ts';
import { hasLegacyResult } from '../kinds/legacy-task/legacy-task-legs.ts';
import { plainSent, type Conversation, type Leg, type SentFacts, type SessionState } from '../model.ts';
import { outcomeSummary } from '../selectors.ts';
import { recordNextStep, type LegacyLegDeps, type OpenLegacyCall } from './send-legacy-draft.ts';

function sentFacts(state: SessionState, c: Conversation, method: string): SentFacts {
  const first = c.legIds[0] ? state.legs[c.legIds[0]] : undefined;
  return plainSent({ taskId: c.task?.taskId ?? '' }, first?.sent.capabilities ?? {}, method);
}

/**
 * Send one tasks/get or tasks/cancel for the conversation's task and record it as a leg. Resolves with the task it
 * returned, or a sentence saying why there is none.
 */
export async function sendLegacyTaskLeg(
  deps: LegacyLegDeps,
  session: () => SessionState,
  conversationId: string,
  method: 'tasks/get' | 'tasks/cancel',
): Promise<TaskSnapshot | string> {
  const c = session().conversations[conversationId];
  if (!c?.task) return 'this conversation has no task';
  const sent = sentFacts(session(), c, method);
  const answered = await deps.wire.request(method, { taskId: c.task.taskId });
  let exchange: Exchange | undefined = answered.exchange;
  if (answered.error !== undefined)
    exchange ??= {
      request: { url: c.serverUrl, method: 'POST', headers: [], body: '' },
      startedAt: deps.now(),
      durationMs: 0,
      failure: { kind: 'network', message: answered.error },
    };
  if (!exchange) return `no exchange was recorded for ${method}`;
  const legId = deps.newId('leg');
  deps.dispatch({
    type: 'leg/recorded',
    conversationId,
    legId,
    rpcId: rpcIdOfBody(exchange.request.body) ?? 0,
    exchange,
    sent,
  });
  const leg: Leg | undefined = session().legs[legId];
  if (leg?.outcome.kind === 'task') return leg.outcome.task;
  return outcomeSummary(leg);
}

/**
 * Open tasks/result for the conversation's task (once: not while one is open). Its first step (a request the task
 * needs, or the result) is recorded as it arrives; the rest follow as the user answers (`sendLegacyDraft`).
 */
export function openLegacyResult(deps: LegacyLegDeps, session: () => SessionState, conversationId: string): void {
  const c = session().conversations[conversationId];
  if (!c?.task || deps.calls.has(conversationId)) return;
  const sent = sentFacts(session(), c, 'tasks/result');
  const open: OpenLegacyCall = { call: deps.wire.open('tasks/result', { taskId: c.task.taskId }), sent };
  deps.calls.set(conversationId, open);
  void recordNextStep(deps, c, open);
}

/** Where the task's result stands: a tasks/result open, its result in, or neither. */
export function legacyResultState(deps: LegacyLegDeps, state: SessionState, conversationId: string): LegacyResultState {
  if (deps.calls.has(conversationId)) return 'open';
  const c = state.conversations[conversationId];
  const legs = (c?.legIds ?? []).map((id) => state.legs[id]).filter((l): l is Leg => Boolean(l));
  return hasLegacyResult(legs) ? 'done' : 'none';
}

/** Stop waiting on the task's tasks/result (the task was cancelled: no result will come). */
export function closeLegacyResult(deps: LegacyLegDeps, conversationId: string): void {
  deps.calls.get(conversationId)?.call.stop();
  deps.calls.delete(conversationId);
}
