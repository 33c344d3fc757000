import type { OutcomeKind } from '../../protocol/classify.ts';
import type { LintCounts } from '../../protocol/lint/lint-types.ts';
import type { ConversationStatus } from '../selectors.ts';
import type { ConversationRow, LegRow } from './timeline-rows.ts';

export type ConversationRowFacts = Omit<ConversationRow, 'lint'>;

/** A conversation row whose lint (the sum over its legs) is computed on first read. */
export class LazyConversationRow implements ConversationRow {
  conversationId: string;
  title: string;
  method: string;
  status: ConversationStatus;
  target: string;
  args: string;
  createdAt: number;
  rounds: number;
  legCount: number;
  totalMs: number;
  serverMs: number;
  thinkMs: number;
  legs: LegRow[];
  declare inFlightSince?: number;
  declare finalOutcome?: OutcomeKind;
  declare forkOf?: { conversationId: string; legId: string };
  #lintOf: readonly LegRow[];
  #lint: LintCounts | undefined;

  /** `lintOf`: the legs whose findings it counts (a filtered row still counts the whole conversation) */
  constructor(f: ConversationRowFacts, lintOf: readonly LegRow[]) {
    this.conversationId = f.conversationId;
    this.title = f.title;
    this.method = f.method;
    this.status = f.status;
    this.target = f.target;
    this.args = f.args;
    this.createdAt = f.createdAt;
    this.rounds = f.rounds;
    this.legCount = f.legCount;
    this.totalMs = f.totalMs;
    this.serverMs = f.serverMs;
    this.thinkMs = f.thinkMs;
    this.legs = f.legs;
    if (f.inFlightSince !== undefined) this.inFlightSince = f.inFlightSince;
    if (f.finalOutcome !== undefined) this.finalOutcome = f.finalOutcome;
    if (f.forkOf) this.forkOf = f.forkOf;
    this.#lintOf = lintOf;
  }

  get lint(): LintCounts {
    if (!this.#lint) {
      const lint: LintCounts = { error: 0, warning: 0, info: 0 };
      for (const leg of this.#lintOf) {
        lint.error += leg.lint.error;
        lint.warning += leg.lint.warning;
        lint.info += leg.lint.info;
      }
      this.#lint = lint;
    }
    return this.#lint;
  }
}

/** The same conversation row showing only `legs` (a filter); its lint still counts every leg of the conversation. */
export function rowWithLegs(row: ConversationRow, legs: LegRow[]): ConversationRow {
  const facts: ConversationRowFacts = {
    conversationId: row.conversationId,
    title: row.title,
    method: row.method,
    status: row.status,
    target: row.target,
    args: row.args,
    createdAt: row.createdAt,
    rounds: row.rounds,
    legCount: row.legCount,
    totalMs: row.totalMs,
    serverMs: row.serverMs,
    thinkMs: row.thinkMs,
    legs,
  };
  if (row.inFlightSince !== undefined) facts.inFlightSince = row.inFlightSince;
  if (row.finalOutcome !== undefined) facts.finalOutcome = row.finalOutcome;
  if (row.forkOf) facts.forkOf = row.forkOf;
  return new LazyConversationRow(facts, row.legs);
}
