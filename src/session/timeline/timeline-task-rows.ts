/**
 * Timeline rows of a task conversation (tasks extension): a task leg's method, target (the taskId), keys asked,
 * and the folding of polls: consecutive tasks/get legs that saw the same status become one row with a count.
 */
import type { Outcome } from '../../protocol/classify.ts';
import { targetOf } from '../selectors.ts';
import { isConnectionConversation } from '../connection-traffic.ts';
import type { Conversation, Leg } from '../model.ts';

/** One poll folded into a row: its leg and timing (the first member is the row's own leg). */
export interface FoldedLeg {
  legId: string;
  startedAt: number;
  durationMs: number;
}

export interface FoldableRow {
  legId: string;
  startedAt: number;
  /** the polls folded into this row, in order (absent: the row is one leg) */
  folded?: FoldedLeg[];
  method: string;
  outcome: Outcome['kind'];
  taskStatus?: string;
  pollCount?: number;
  durationMs: number;
  round: number;
}

/** a connection leg's target: the server it went to (host and port, or the URL as typed when it does not parse) */
function hostOf(leg: Leg): string {
  try {
    return new URL(leg.exchange.request.url).host;
  } catch {
    return leg.exchange.request.url;
  }
}

/** method, target and asked keys of a leg's row (task legs: their own method and the taskId). */
export function legRowTarget(c: Conversation, leg: Leg): { method: string; target: string; asked: string[] } {
  const o = leg.outcome;
  const asked =
    o.kind === 'input_required'
      ? Object.keys(o.inputRequests ?? {})
      : o.kind === 'task'
        ? Object.keys(o.task.inputRequests ?? {})
        : [];
  // a request a 2025-11-25 server pushed: its own method, direction server -> client
  if (leg.pushed) return { method: leg.pushed.method, target: 'server → client', asked };
  if (isConnectionConversation(c.id)) return { method: leg.sent.method ?? c.method, target: hostOf(leg), asked };
  return {
    method: leg.sent.method ?? c.method,
    target: leg.sent.method && c.task ? c.task.taskId : targetOf(c),
    asked,
  };
}

/** Push `row`, or fold it into the previous row when both are polls that saw the same status. */
export function pushOrFold<R extends FoldableRow>(rows: R[], row: R): void {
  const previous = rows[rows.length - 1];
  if (
    row.method === 'tasks/get' &&
    previous?.method === 'tasks/get' &&
    previous.taskStatus === row.taskStatus &&
    previous.outcome === row.outcome
  ) {
    previous.folded ??= [{ legId: previous.legId, startedAt: previous.startedAt, durationMs: previous.durationMs }];
    previous.folded.push({ legId: row.legId, startedAt: row.startedAt, durationMs: row.durationMs });
    previous.pollCount = (previous.pollCount ?? 1) + 1;
    previous.durationMs += row.durationMs;
    return;
  }
  row.round = rows.length + 1;
  rows.push(row);
}
