/**
 * Audit: for every tool, prompt and resource template that asks for input, check how the server handles requestState
 * and the MRTR rules around it, and score it. A plain async function over an injected driver, clock and sleep; the
 * command line prints the scorecards, tests assert them against the mock's variants.
 */
import type { ClientCapabilities } from '../../protocol/types.ts';
import {
  answerCheck,
  bindingCheck,
  fleetCheck,
  frozenCheck,
  missingCheck,
  opaqueCheck,
  result,
  reuseCheck,
  tamperAndExpiryChecks,
  type CheckContext,
  type CheckResult,
} from './audit-checks.ts';
import { listCandidates, probe, type AuditCandidate, type ListingProblem } from './audit-targets.ts';
import { answersFor, otherArguments } from './audit-values.ts';
import { verdictOf } from './audit-verdict.ts';
import type { SessionDriver } from './driver.ts';

export interface AuditOptions {
  driver: SessionDriver;
  /** the server's URL (the driver's connection) */
  server: string;
  /** other URLs of the same fleet, for the cross-instance check */
  fleet?: readonly string[];
  /** audit only these names (tool, prompt, resource URI) */
  only?: readonly string[];
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  onScorecard?: (card: Scorecard) => void;
}

export interface Scorecard {
  method: string;
  name: string;
  asks: string[];
  checks: CheckResult[];
  score: { pass: number; warn: number; fail: number; skip: number; percent: number };
}

export interface AuditReport {
  server: string;
  fleet: string[];
  scorecards: Scorecard[];
  /** candidates whose first answer asked nothing, with what they answered */
  notAsking: { name: string; outcome: string }[];
  problems: ListingProblem[];
}

export function score(checks: readonly CheckResult[]): Scorecard['score'] {
  const count = (s: CheckResult['status']) => checks.filter((c) => c.status === s).length;
  const pass = count('pass');
  const warn = count('warn');
  const fail = count('fail');
  const applicable = pass + warn + fail;
  return {
    pass,
    warn,
    fail,
    skip: count('skip'),
    percent: applicable ? Math.round((100 * (pass + warn / 2)) / applicable) : 0,
  };
}

async function baseline(ctx: CheckContext): Promise<{ check: CheckResult; finalLegId?: string }> {
  const { driver } = ctx;
  const id = driver.forkDraft(ctx.probe);
  driver.dispatch({ type: 'draft/answers', conversationId: id, answers: ctx.answers });
  for (let legs = 1; legs <= 8; legs++) {
    const leg = await driver.sendDraft(id);
    const o = leg.outcome;
    if (o.kind === 'complete') {
      const v = verdictOf(leg, {});
      return {
        check: result('baseline', 'pass', `completed after ${legs + 1} legs: ${v.summary}`),
        finalLegId: leg.id,
      };
    }
    if (o.kind !== 'input_required') {
      return {
        check: result(
          'baseline',
          'fail',
          `the retry with the server's own state failed: ${verdictOf(leg, {}).summary}`,
        ),
      };
    }
    const draft = driver.conversation(id).draft;
    if (!draft) break;
    if (o.stateOnly) await ctx.sleep(100);
    driver.dispatch({ type: 'draft/answers', conversationId: id, answers: answersFor(draft.inputRequests) });
  }
  return { check: result('baseline', 'skip', 'still asking after 8 legs (it may wait for something out of band)') };
}

async function firstLegCheck(
  driver: SessionDriver,
  c: AuditCandidate,
  id: 'capability' | 'header',
): Promise<CheckResult> {
  const capabilities: ClientCapabilities =
    id === 'capability' ? {} : { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };
  const input: Parameters<SessionDriver['start']>[0] = {
    method: c.method,
    title: c.name,
    params: c.params,
    capabilities,
  };
  if (c.inputSchema) input.inputSchema = c.inputSchema;
  if (id === 'header') input.headers = { 'Mcp-Name': `${c.name}-mismatch` };
  const conv = await driver.start(input);
  const leg = driver.lastLeg(conv)!;
  const v = verdictOf(leg, {});
  const want = id === 'capability' ? -32021 : -32020;
  const sent =
    id === 'capability' ? 'called with no client capabilities' : 'called with an Mcp-Name that disagrees with the body';
  return result(id, v.kind === 'rejected' && v.code === want ? 'pass' : 'fail', `${sent}: ${v.summary}`);
}

async function auditOne(c: AuditCandidate, probeId: string, opts: AuditOptions): Promise<Scorecard> {
  const { driver } = opts;
  const draft = driver.conversation(probeId).draft!;
  const ctx: CheckContext = {
    driver,
    probe: probeId,
    target: c.name,
    asked: draft.inputRequests,
    answers: answersFor(draft.inputRequests),
    now: opts.now,
    sleep: opts.sleep,
    bad: [],
  };
  if (draft.originalRequestState !== undefined) ctx.state = draft.originalRequestState;
  const checks: CheckResult[] = [];
  const base = await baseline(ctx);
  checks.push(base.check);
  const otherArgs =
    c.method === 'resources/read' ? null : otherArguments(c.argsSchema, (c.params.arguments ?? {}) as never);
  let other: { probe: string; args: typeof c.params } | null = null;
  if (otherArgs) {
    const q = await probe(driver, c, { ...c.params, arguments: otherArgs });
    if (driver.conversation(q).draft && driver.lastLeg(q)?.outcome.kind === 'input_required')
      other = { probe: q, args: otherArgs };
  }
  checks.push(await bindingCheck(ctx, other));
  checks.push(await reuseCheck(ctx, base.finalLegId));
  checks.push(await missingCheck(ctx));
  checks.push(await answerCheck(ctx, 'decline'));
  checks.push(await answerCheck(ctx, 'cancel'));
  checks.push(await firstLegCheck(driver, c, 'capability'));
  checks.push(await firstLegCheck(driver, c, 'header'));
  checks.push(opaqueCheck(ctx));
  checks.push(await fleetCheck(ctx, opts.fleet ?? []));
  // last of the checks that send the state: its replay-after-expiry row may wait for the state to expire
  const [tamper, expiry] = await tamperAndExpiryChecks(ctx);
  checks.splice(1, 0, tamper);
  checks.push(expiry, frozenCheck(ctx));
  return { method: c.method, name: c.name, asks: Object.keys(draft.inputRequests), checks, score: score(checks) };
}

export async function runAudit(opts: AuditOptions): Promise<AuditReport> {
  const report: AuditReport = {
    server: opts.server,
    fleet: [...(opts.fleet ?? [])],
    scorecards: [],
    notAsking: [],
    problems: [],
  };
  const candidates = (await listCandidates(opts.driver, report.problems)).filter(
    (c) => !opts.only?.length || opts.only.includes(c.name),
  );
  for (const c of candidates) {
    const id = await probe(opts.driver, c);
    const leg = opts.driver.lastLeg(id);
    if (leg?.outcome.kind !== 'input_required' || !opts.driver.conversation(id).draft) {
      report.notAsking.push({ name: c.name, outcome: leg ? verdictOf(leg, {}).summary : 'no answer' });
      continue;
    }
    const card = await auditOne(c, id, opts);
    opts.onScorecard?.(card);
    report.scorecards.push(card);
  }
  return report;
}
