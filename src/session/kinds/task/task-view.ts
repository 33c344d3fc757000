/**
 * Selectors of a task conversation (tasks extension): the task as last seen, how many polls, what was answered,
 * and what the Result region shows (the inline result or error once the task is over). Pure.
 */
import type { Outcome } from '../../../protocol/classify.ts';
import { isTerminalStatus, type TaskSnapshot } from '../../../protocol/tasks/wire.ts';
import type { Conversation, Leg, SessionState } from '../../model.ts';
import { olderSnapshot } from './task-legs.ts';
import { legacyResultLeg } from '../legacy-task/legacy-task-legs.ts';
import { legEra } from '../../../protocol/lint/legacy-rules.ts';

export interface TaskView {
  taskId: string;
  /** the task as the latest leg that returned one saw it */
  task: TaskSnapshot;
  /** ms epoch when that leg was sent */
  seenAt: number;
  /** ms epoch of the creating tools/call */
  createdAt: number;
  polls: number;
  updates: number;
  answeredKeys: string[];
  /** where the task as shown came from: a leg's answer (the creating call, a poll) or a status notification */
  source: 'leg' | 'notification';
  /** how many status notifications arrived */
  notifications: number;
  /** a 2025-11-25 task (polled with tasks/get; its requests and result come on tasks/result) */
  era?: '2025-11-25';
  /** 2025-11-25: requests pushed on tasks/result that were answered */
  answers: number;
}

function legsOf(state: SessionState, c: Conversation): Leg[] {
  return c.legIds.map((id) => state.legs[id]).filter((l): l is Leg => Boolean(l));
}

export function taskView(state: SessionState, c: Conversation): TaskView | undefined {
  if (!c.task) return undefined;
  const legs = legsOf(state, c);
  let latest: Leg | undefined;
  for (const leg of legs) if (leg.outcome.kind === 'task') latest = leg;
  if (!latest || latest.outcome.kind !== 'task') return undefined;
  const creating = legs.find((l) => l.outcome.kind === 'task');
  // the newer of the latest answer (by when it arrived) and the latest notification; a terminal task never changes
  let task = latest.outcome.task;
  let seenAt = latest.exchange.startedAt;
  let source: TaskView['source'] = 'leg';
  const notice = c.task.notices?.[c.task.notices.length - 1];
  const legEnd = latest.exchange.startedAt + latest.exchange.durationMs;
  const newer =
    notice && (notice.at >= legEnd || olderSnapshot(task, notice.task) || isTerminalStatus(notice.task.status));
  if (notice && newer && !isTerminalStatus(task.status)) {
    task = notice.task;
    seenAt = notice.at;
    source = 'notification';
  }
  const view: TaskView = {
    taskId: c.task.taskId,
    task,
    seenAt,
    source,
    notifications: c.task.notices?.length ?? 0,
    createdAt: creating?.exchange.startedAt ?? c.createdAt,
    polls: legs.filter((l) => l.sent.method === 'tasks/get').length,
    updates: legs.filter((l) => l.sent.method === 'tasks/update').length,
    answeredKeys: c.task.answeredKeys,
    answers: legs.filter((l) => l.pushed && l.answer).length,
  };
  if (c.task.era) view.era = c.task.era;
  return view;
}

/** `resultType` exists from 2026-07-28 on: a 2025-11-25 result without one lacks nothing. */
function ofItsEra(leg: Leg): Outcome {
  const o = leg.outcome;
  return o.kind === 'complete' && o.resultTypeMissing && legEra(leg) === 'legacy'
    ? { ...o, resultTypeMissing: false }
    : o;
}

/**
 * What the Result region shows: for a task, its inline result (completed) or error (failed), nothing while it runs;
 * a failing task leg (an error answer to a poll) is shown as it is. Other conversations: the last leg's outcome.
 */
export function resultOutcome(state: SessionState, c: Conversation): Outcome | undefined {
  const last = c.legIds.length ? state.legs[c.legIds[c.legIds.length - 1]!] : undefined;
  if (!c.task) return last && ofItsEra(last);
  // 2025-11-25: the result is what tasks/result answered (exactly what the call would have)
  const ended = c.task.era ? legacyResultLeg(legsOf(state, c)) : undefined;
  if (ended && (ended.outcome.kind === 'complete' || ended.outcome.kind === 'error')) return ofItsEra(ended);
  const view = taskView(state, c);
  const t = view?.task;
  if (t?.status === 'completed' && t.result) return { kind: 'complete', result: t.result, resultTypeMissing: false };
  if (t?.status === 'failed' && t.error) return { kind: 'error', error: t.error };
  if (last && (last.outcome.kind === 'error' || last.outcome.kind === 'invalid' || last.outcome.kind === 'transport')) {
    return last.outcome;
  }
  return t ? { kind: 'task', result: {}, task: t } : undefined;
}
