import { headerValue } from '../protocol/exchange.ts';
import type { OutcomeKind } from '../protocol/classify.ts';
import { countFindings, type LintCounts } from '../protocol/lint/types.ts';
import { legFindings } from './lint-session.ts';
import type { Conversation, SessionState } from './model.ts';
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
  /** protocol lint findings on this leg, by severity */
  lint: LintCounts;
  /** the rule ids that fired, most severe first */
  lintRules: string[];
}

export interface ConversationRow {
  conversationId: string;
  title: string;
  method: string;
  status: ConversationStatus;
  /** the tool name or resource uri */
  target: string;
  rounds: number;
  totalMs: number;
  /** summed server time (leg durations) and human think time (gaps between legs) */
  serverMs: number;
  thinkMs: number;
  /** the last leg's outcome, absent before the first leg is recorded */
  finalOutcome?: OutcomeKind;
  lint: LintCounts;
  forkOf?: { conversationId: string; legId: string };
  legs: LegRow[];
}

function targetOf(params: Record<string, unknown>): string {
  if (typeof params.name === 'string') return params.name;
  if (typeof params.uri === 'string') return params.uri;
  return '';
}

/**
 * A conversation's row depends only on the conversation object and its legs, and legs never change once recorded:
 * the reducer makes a new conversation object whenever anything about it changes. So rows are cached per
 * conversation object, and a new leg in one call rebuilds one row, not 10,000.
 */
const rowCache = new WeakMap<Conversation, ConversationRow>();

/** Rows for the timeline: one per conversation, each with its legs. Pure; cached per conversation. */
export function timelineRows(state: SessionState): ConversationRow[] {
  const rows: ConversationRow[] = [];
  for (const id of state.order) {
    const c = state.conversations[id];
    if (!c) continue;
    const cached = rowCache.get(c);
    if (cached) {
      rows.push(cached);
      continue;
    }
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
        lint: { error: 0, warning: 0, info: 0 },
        lintRules: [],
      };
      const findings = legFindings(state, leg, c.method);
      if (findings.length) {
        row.lint = countFindings(findings);
        row.lintRules = [...new Set(findings.map((f) => f.rule))];
      }
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
    const lint: LintCounts = { error: 0, warning: 0, info: 0 };
    let serverMs = 0;
    let thinkMs = 0;
    for (const leg of legs) {
      lint.error += leg.lint.error;
      lint.warning += leg.lint.warning;
      lint.info += leg.lint.info;
      serverMs += leg.durationMs;
      thinkMs += leg.thinkMs ?? 0;
    }
    const row: ConversationRow = {
      conversationId: c.id,
      title: c.title,
      method: c.method,
      target: targetOf(c.params),
      status: conversationStatus(state, c),
      rounds: legs.length,
      totalMs: first && last ? last.startedAt + last.durationMs - first.startedAt : 0,
      serverMs,
      thinkMs,
      lint,
      legs,
    };
    if (last) row.finalOutcome = last.outcome;
    if (c.forkOf) row.forkOf = c.forkOf;
    rowCache.set(c, row);
    rows.push(row);
  }
  return rows;
}
