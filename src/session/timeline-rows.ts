import { headerValue } from '../protocol/exchange.ts';
import type { OutcomeKind } from '../protocol/classify.ts';
import type { SessionState } from './model.ts';
import { conversationStatus, type ConversationStatus } from './selectors.ts';

export interface LegRow {
  legId: string;
  conversationId: string;
  round: number;
  method: string;
  target: string;
  httpStatus?: number;
  outcome: OutcomeKind;
  stateOnly: boolean;
  errorCode?: number;
  asked: string[];
  answered: string[];
  stateSize?: number;
  stateChanged?: boolean;
  stateEdited: boolean;
  bodyEdited: boolean;
  instance?: string;
  viaRelay: boolean;
  startedAt: number;
  durationMs: number;
  /** ms between the previous leg's end and this leg's start: human think time */
  thinkMs?: number;
  /** true when this leg is shared with a parent conversation (before a fork point) */
  inherited: boolean;
}

export interface ConversationRow {
  conversationId: string;
  title: string;
  method: string;
  status: ConversationStatus;
  rounds: number;
  totalMs: number;
  forkOf?: { conversationId: string; legId: string };
  legs: LegRow[];
}

function targetOf(params: Record<string, unknown>): string {
  if (typeof params.name === 'string') return params.name;
  if (typeof params.uri === 'string') return params.uri;
  return '';
}

/** Rows for the timeline: one per conversation, each with its legs. Pure and cheap. */
export function timelineRows(state: SessionState): ConversationRow[] {
  const rows: ConversationRow[] = [];
  for (const id of state.order) {
    const c = state.conversations[id];
    if (!c) continue;
    const legs: LegRow[] = [];
    let prevEnd: number | undefined;
    let prevState: string | undefined;
    c.legIds.forEach((legId, i) => {
      const leg = state.legs[legId];
      if (!leg) return;
      const o = leg.outcome;
      const row: LegRow = {
        legId,
        conversationId: c.id,
        round: i + 1,
        method: c.method,
        target: targetOf(c.params),
        outcome: o.kind,
        stateOnly: o.kind === 'input_required' && o.stateOnly,
        asked: o.kind === 'input_required' ? Object.keys(o.inputRequests ?? {}) : [],
        answered: leg.sent.answeredKeys,
        stateEdited: leg.sent.requestStateEdited,
        bodyEdited: leg.sent.bodyEdited,
        viaRelay: Boolean(leg.exchange.viaRelay),
        startedAt: leg.exchange.startedAt,
        durationMs: leg.exchange.durationMs,
        inherited: leg.conversationId !== c.id,
      };
      if (leg.exchange.response) row.httpStatus = leg.exchange.response.status;
      if (o.kind === 'error') row.errorCode = o.error.code;
      if (o.kind === 'input_required' && o.requestState !== undefined) {
        row.stateSize = o.requestState.length;
        row.stateChanged = prevState === undefined ? true : prevState !== o.requestState;
        prevState = o.requestState;
      }
      const instance = leg.exchange.response && headerValue(leg.exchange.response.headers, 'x-mock-instance');
      if (instance) row.instance = instance;
      if (prevEnd !== undefined) row.thinkMs = Math.max(0, leg.exchange.startedAt - prevEnd);
      prevEnd = leg.exchange.startedAt + leg.exchange.durationMs;
      legs.push(row);
    });
    const first = legs[0];
    const last = legs[legs.length - 1];
    const row: ConversationRow = {
      conversationId: c.id,
      title: c.title,
      method: c.method,
      status: conversationStatus(state, c),
      rounds: legs.length,
      totalMs: first && last ? last.startedAt + last.durationMs - first.startedAt : 0,
      legs,
    };
    if (c.forkOf) row.forkOf = c.forkOf;
    rows.push(row);
  }
  return rows;
}
