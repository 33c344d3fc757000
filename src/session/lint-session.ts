/** Protocol lint over the session: findings per leg (cached, legs never change once recorded) and per conversation. */
import { lintLeg } from '../protocol/lint/lint-leg.ts';
import { countFindings, type LintCounts, type LintFinding, type LintLeg } from '../protocol/lint/lint-types.ts';
import type { Conversation, Leg, SessionState } from './model.ts';
import { taskLint } from './kinds/task/task-lint.ts';

const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const;

const cache = new WeakMap<Leg, LintFinding[]>();

/** Guard against a malformed parent chain (an imported session could loop). */
const MAX_CHAIN = 10_000;

function methodOf(state: SessionState, leg: Leg, fallback: string): string {
  return leg.sent.method ?? state.conversations[leg.conversationId]?.method ?? fallback;
}

function asLintLeg(leg: Leg, method: string): LintLeg {
  const out: LintLeg = { method, rpcId: leg.rpcId, exchange: leg.exchange, outcome: leg.outcome, sent: leg.sent };
  if (leg.pushed) out.pushed = { id: leg.pushed.id, method: leg.pushed.method };
  if (leg.answer)
    out.answer = {
      exchange: leg.answer.exchange,
      edited: leg.answer.sent.bodyEdited || (leg.answer.sent.headersEdited?.length ?? 0) > 0,
    };
  return out;
}

/** The retry chain that led to `leg`, oldest first (not including `leg`). */
export function retryChain(state: SessionState, leg: Leg): Leg[] {
  const chain: Leg[] = [];
  const seen = new Set<string>([leg.id]);
  let parentId = leg.parentLegId;
  while (parentId && !seen.has(parentId) && chain.length < MAX_CHAIN) {
    const parent = state.legs[parentId];
    if (!parent) break;
    seen.add(parentId);
    chain.push(parent);
    parentId = parent.parentLegId;
  }
  return chain.reverse();
}

/** What the linter needs for one leg: the leg and its retry chain (cheap: no rule runs). */
function lintInput(state: SessionState, leg: Leg, method: string): { leg: LintLeg; history: LintLeg[] } {
  const m = methodOf(state, leg, method);
  const history = retryChain(state, leg).map((l) => asLintLeg(l, methodOf(state, l, m)));
  return { leg: asLintLeg(leg, m), history };
}

/** Every lint finding for one leg, most severe first. */
export function legFindings(state: SessionState, leg: Leg, method = ''): LintFinding[] {
  const cached = cache.get(leg);
  if (cached) return cached;
  const findings = lintLeg(lintInput(state, leg, method));
  cache.set(leg, findings);
  return findings;
}

/**
 * What `legFindings` needs to run later, read now so the session is not kept alive: the leg, its method, the legs of
 * its retry chain (references, oldest first) and, only when one of them differs, their methods. Plain references and
 * at most two arrays: the timeline keeps one of these per leg of a long session, and builds no lint input (no closure,
 * no per-leg copies of the chain) until a row is read (~6 objects per leg less on the heap).
 */
export interface DeferredLint {
  readonly leg: Leg;
  readonly method: string;
  readonly chain: readonly Leg[];
  readonly chainMethods?: readonly string[];
}

const NO_CHAIN: readonly Leg[] = [];

export function deferLint(state: SessionState, leg: Leg, method = ''): DeferredLint {
  const m = methodOf(state, leg, method);
  if (!leg.parentLegId || cache.has(leg)) return { leg, method: m, chain: NO_CHAIN };
  const chain = retryChain(state, leg);
  let chainMethods: string[] | undefined;
  chain.forEach((l, i) => {
    const lm = methodOf(state, l, m);
    if (lm !== m) (chainMethods ??= chain.map(() => m))[i] = lm;
  });
  return chainMethods ? { leg, method: m, chain, chainMethods } : { leg, method: m, chain };
}

/** The findings of a deferred leg: `legFindings` with what `deferLint` read (cached per leg). */
export function deferredFindings(d: DeferredLint): LintFinding[] {
  let findings = cache.get(d.leg);
  if (!findings) {
    const history = d.chain.map((l, i) => asLintLeg(l, d.chainMethods?.[i] ?? d.method));
    findings = lintLeg({ leg: asLintLeg(d.leg, d.method), history });
    cache.set(d.leg, findings);
  }
  return findings;
}

interface ConversationFinding {
  legId: string;
  round: number;
  finding: LintFinding;
}

export interface ConversationLint {
  findings: ConversationFinding[];
  counts: LintCounts;
  /** rule id -> how many legs broke it, most frequent first */
  rules: { rule: string; count: number; severity: LintFinding['severity'] }[];
}

/** Findings of every leg of a conversation, in round order, with totals per rule. */
export function conversationLint(state: SessionState, conversation: Conversation): ConversationLint {
  const findings: ConversationFinding[] = [];
  conversation.legIds.forEach((legId, i) => {
    const leg = state.legs[legId];
    if (!leg) return;
    for (const finding of legFindings(state, leg, conversation.method)) findings.push({ legId, round: i + 1, finding });
  });
  for (const { legId, finding } of taskLint(state, conversation)) {
    findings.push({ legId, round: conversation.legIds.indexOf(legId) + 1, finding });
  }
  const byRule = new Map<string, { rule: string; count: number; severity: LintFinding['severity'] }>();
  for (const { finding } of findings) {
    const entry = byRule.get(finding.rule) ?? { rule: finding.rule, count: 0, severity: finding.severity };
    entry.count += 1;
    if (SEVERITY_RANK[finding.severity] < SEVERITY_RANK[entry.severity]) entry.severity = finding.severity;
    byRule.set(finding.rule, entry);
  }
  return {
    findings,
    counts: countFindings(findings.map((f) => f.finding)),
    rules: [...byRule.values()].sort((a, b) => b.count - a.count),
  };
}
