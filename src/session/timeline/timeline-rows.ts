import { legRowTarget, pushOrFold, type FoldedLeg } from './timeline-task-rows.ts';
import { headerValue } from '../../protocol/exchange.ts';
import { carriedOverStdio } from '../../protocol/proxy-wire.ts';
import type { AcceptedAs, OutcomeKind } from '../../protocol/classify.ts';
import { countFindings, type LintCounts } from '../../protocol/lint/lint-types.ts';
import { cachedArgumentSummary } from '../argument-summary.ts';
import { deferLint, deferredFindings, type DeferredLint } from '../lint-session.ts';
import { undeliveredReason } from '../kinds/legacy-call/pushed-legs.ts';
import type { Conversation, SessionState } from '../model.ts';
import { conversationStatus, targetOf, type ConversationStatus } from '../selectors.ts';
import { LazyConversationRow, type ConversationRowFacts } from './timeline-conversation-row.ts';

export interface LegRow {
  legId: string;
  conversationId: string;
  round: number;
  method: string;
  target: string;
  httpStatus?: number;
  /** a tap carried it over stdio: it had no HTTP status (the tap only stands its answer in one) */
  overStdio?: boolean;
  outcome: OutcomeKind;
  /** a complete leg that is no call: what the transport accepted it as (a notification, a stream, ...) */
  accepted?: AcceptedAs;
  stateOnly: boolean;
  errorCode?: number;
  /** a task leg's status, and how many polls with that status folded into this row (tasks extension) */
  taskStatus?: string;
  pollCount?: number;
  /** the polls folded into this row, each with its own timing (absent: one leg) */
  folded?: FoldedLeg[];
  asked: string[];
  answered: string[];
  /** a pushed request's answer that did not reach the server whole (dropped, refused, or the connection failed) */
  answerUndelivered?: boolean;
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
  /** protocol lint findings on this leg, by severity (computed on first read) */
  readonly lint: LintCounts;
  /** the rule ids that fired, most severe first (computed on first read) */
  readonly lintRules: string[];
}

export interface ConversationRow {
  conversationId: string;
  title: string;
  method: string;
  status: ConversationStatus;
  /** the tool name or resource uri */
  target: string;
  /** the first arguments in short (`name: "db17", size: 3`), '' when there are none */
  args: string;
  /** ms epoch: when the call was started */
  createdAt: number;
  /** ms epoch: when the leg now in flight was sent; absent when nothing is in flight */
  inFlightSince?: number;
  /** rounds of questions: the legs the server answered with input_required (how a server describes its call) */
  rounds: number;
  /** every leg recorded (a task's folded polls each count) */
  legCount: number;
  totalMs: number;
  /** summed server time (leg durations) and human think time (gaps between legs) */
  serverMs: number;
  thinkMs: number;
  /** the last leg's outcome, absent before the first leg is recorded */
  finalOutcome?: OutcomeKind;
  /** lint findings of all its legs (computed on first read) */
  readonly lint: LintCounts;
  forkOf?: { conversationId: string; legId: string };
  legs: LegRow[];
}

const NO_FINDINGS: LintCounts = { error: 0, warning: 0, info: 0 };

type LegRowFacts = Omit<LegRow, 'lint' | 'lintRules'>;

/**
 * A leg row whose lint runs on first read: rows are built for every leg of a long session, lint only for the rows
 * someone reads (the visible ones, a filter, a findings tab). A class with getters, not `defineProperty`: 10,000
 * rows are built in a few ms.
 */
class LazyLegRow implements LegRow {
  legId: string;
  conversationId: string;
  round: number;
  method: string;
  target: string;
  outcome: OutcomeKind;
  stateOnly: boolean;
  asked: string[];
  answered: string[];
  stateEdited: boolean;
  bodyEdited: boolean;
  viaRelay: boolean;
  startedAt: number;
  durationMs: number;
  inherited: boolean;
  declare httpStatus?: number;
  declare overStdio?: boolean;
  declare accepted?: AcceptedAs;
  declare errorCode?: number;
  declare taskStatus?: string;
  declare pollCount?: number;
  declare folded?: FoldedLeg[];
  declare answerUndelivered?: boolean;
  declare stateSize?: number;
  declare stateChanged?: boolean;
  declare instance?: string;
  declare thinkMs?: number;
  #lintOf: DeferredLint;
  #lint: LintCounts | undefined;
  #rules: string[] | undefined;

  constructor(f: LegRowFacts, lintOf: DeferredLint) {
    this.legId = f.legId;
    this.conversationId = f.conversationId;
    this.round = f.round;
    this.method = f.method;
    this.target = f.target;
    this.outcome = f.outcome;
    this.stateOnly = f.stateOnly;
    this.asked = f.asked;
    this.answered = f.answered;
    this.stateEdited = f.stateEdited;
    this.bodyEdited = f.bodyEdited;
    this.viaRelay = f.viaRelay;
    this.startedAt = f.startedAt;
    this.durationMs = f.durationMs;
    this.inherited = f.inherited;
    this.#lintOf = lintOf;
  }

  get lint(): LintCounts {
    if (!this.#lint) {
      const all = deferredFindings(this.#lintOf);
      this.#lint = all.length ? countFindings(all) : NO_FINDINGS;
    }
    return this.#lint;
  }

  get lintRules(): string[] {
    this.#rules ??= [...new Set(deferredFindings(this.#lintOf).map((f) => f.rule))];
    return this.#rules;
  }
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
    let rounds = 0;
    let legCount = 0;
    c.legIds.forEach((legId, i) => {
      const leg = state.legs[legId];
      if (!leg) return;
      const o = leg.outcome;
      legCount += 1;
      // a round of questions: an input_required answer, or a request a 2025-11-25 server pushed on the call's stream
      if (o.kind === 'input_required' || leg.pushed) rounds += 1;
      const facts: LegRowFacts = {
        legId,
        conversationId: c.id,
        round: i + 1,
        ...legRowTarget(c, leg),
        outcome: o.kind,
        stateOnly: o.kind === 'input_required' && o.stateOnly,
        answered: leg.answer?.sent.answeredKeys ?? leg.sent.answeredKeys,
        stateEdited: leg.sent.requestStateEdited,
        bodyEdited: leg.answer?.sent.bodyEdited ?? leg.sent.bodyEdited,
        viaRelay: Boolean(leg.exchange.viaRelay),
        startedAt: leg.exchange.startedAt,
        durationMs: leg.exchange.durationMs,
        inherited: leg.conversationId !== c.id,
      };
      const row = new LazyLegRow(facts, deferLint(state, leg, c.method));
      // a leg a tap carried over stdio had no HTTP status: the tap only stands its answer in one
      if (carriedOverStdio(leg.exchange.request)) row.overStdio = true;
      else if (leg.exchange.response) row.httpStatus = leg.exchange.response.status;
      if (leg.answer && undeliveredReason(leg.answer.exchange) !== undefined) row.answerUndelivered = true;
      if (o.kind === 'error') row.errorCode = o.error.code;
      if (o.kind === 'complete' && o.accepted) row.accepted = o.accepted;
      if (o.kind === 'task') row.taskStatus = o.task.status;
      if (o.kind === 'input_required' && o.requestState !== undefined) {
        row.stateSize = o.requestState.length;
        row.stateChanged = prevState === undefined ? true : prevState !== o.requestState;
        prevState = o.requestState;
      }
      const instance = leg.exchange.response && headerValue(leg.exchange.response.headers, 'x-mock-instance');
      if (instance) row.instance = instance;
      if (prevEnd !== undefined) row.thinkMs = Math.max(0, leg.exchange.startedAt - prevEnd);
      prevEnd = leg.exchange.startedAt + leg.exchange.durationMs;
      pushOrFold(legs, row); // a task's polls with the same status fold into one row
    });
    const first = legs[0];
    const last = legs[legs.length - 1];
    let serverMs = 0;
    let thinkMs = 0;
    for (const leg of legs) {
      serverMs += leg.durationMs;
      thinkMs += leg.thinkMs ?? 0;
    }
    const facts: ConversationRowFacts = {
      conversationId: c.id,
      title: c.title,
      method: c.method,
      target: targetOf(c),
      args: cachedArgumentSummary(c.params),
      createdAt: c.createdAt,
      status: conversationStatus(state, c),
      rounds,
      legCount,
      totalMs: first && last ? last.startedAt + last.durationMs - first.startedAt : 0,
      serverMs,
      thinkMs,
      legs,
    };
    if (last) facts.finalOutcome = last.outcome;
    if (c.forkOf) facts.forkOf = c.forkOf;
    if (c.inFlight) facts.inFlightSince = c.inFlight.startedAt;
    const row = new LazyConversationRow(facts, legs);
    rowCache.set(c, row);
    rows.push(row);
  }
  return rows;
}
