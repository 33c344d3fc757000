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
import { CHECKS } from './audit-spec.ts';
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
  /** each step as it happens: listing, each target started, each check finished (the app's progress view) */
  onProgress?: (progress: AuditProgress) => void;
  /** stops the audit between checks (the report so far comes back with `cancelled`); also pass it to the sender */
  signal?: AbortSignal;
}

export type AuditProgress =
  | { type: 'listing' }
  | { type: 'target'; method: string; name: string; index: number; total: number }
  | { type: 'check'; method: string; name: string; check: CheckResult; done: number; total: number }
  | { type: 'not-asking'; name: string; outcome: string };

/** How many checks each scorecard holds. */
export const CHECKS_PER_TARGET = Object.keys(CHECKS).length;

class AuditCancelled extends Error {}

function stopIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AuditCancelled('audit cancelled');
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
  /** set when the user stopped the audit: the scorecards are those finished before */
  cancelled?: boolean;
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
  let done = 0;
  const emit = (check: CheckResult) => {
    done++;
    opts.onProgress?.({ type: 'check', method: c.method, name: c.name, check, done, total: CHECKS_PER_TARGET });
  };
  /** run one check unless the audit was cancelled; a check cut short by the cancel is not reported */
  const step = async (run: () => Promise<CheckResult> | CheckResult): Promise<CheckResult> => {
    stopIfCancelled(opts.signal);
    const check = await run();
    stopIfCancelled(opts.signal);
    emit(check);
    return check;
  };
  stopIfCancelled(opts.signal);
  const base = await baseline(ctx);
  stopIfCancelled(opts.signal);
  emit(base.check);
  checks.push(base.check);
  const otherArgs =
    c.method === 'resources/read' ? null : otherArguments(c.argsSchema, (c.params.arguments ?? {}) as never);
  let other: { probe: string; args: typeof c.params } | null = null;
  if (otherArgs) {
    const q = await probe(driver, c, { ...c.params, arguments: otherArgs });
    if (driver.conversation(q).draft && driver.lastLeg(q)?.outcome.kind === 'input_required')
      other = { probe: q, args: otherArgs };
  }
  checks.push(await step(() => bindingCheck(ctx, other)));
  checks.push(await step(() => reuseCheck(ctx, base.finalLegId)));
  checks.push(await step(() => missingCheck(ctx)));
  checks.push(await step(() => answerCheck(ctx, 'decline')));
  checks.push(await step(() => answerCheck(ctx, 'cancel')));
  checks.push(await step(() => firstLegCheck(driver, c, 'capability')));
  checks.push(await step(() => firstLegCheck(driver, c, 'header')));
  checks.push(await step(() => opaqueCheck(ctx)));
  checks.push(await step(() => fleetCheck(ctx, opts.fleet ?? [])));
  // last of the checks that send the state: its replay-after-expiry row may wait for the state to expire
  stopIfCancelled(opts.signal);
  const [tamper, expiry] = await tamperAndExpiryChecks(ctx);
  stopIfCancelled(opts.signal);
  emit(tamper);
  emit(expiry);
  checks.splice(1, 0, tamper);
  checks.push(expiry, await step(() => frozenCheck(ctx)));
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
  try {
    opts.onProgress?.({ type: 'listing' });
    const candidates = (await listCandidates(opts.driver, report.problems)).filter(
      (c) => !opts.only?.length || opts.only.includes(c.name),
    );
    for (const [index, c] of candidates.entries()) {
      stopIfCancelled(opts.signal);
      opts.onProgress?.({ type: 'target', method: c.method, name: c.name, index, total: candidates.length });
      const id = await probe(opts.driver, c);
      stopIfCancelled(opts.signal);
      const leg = opts.driver.lastLeg(id);
      if (leg?.outcome.kind !== 'input_required' || !opts.driver.conversation(id).draft) {
        const outcome = leg ? verdictOf(leg, {}).summary : 'no answer';
        report.notAsking.push({ name: c.name, outcome });
        opts.onProgress?.({ type: 'not-asking', name: c.name, outcome });
        continue;
      }
      const card = await auditOne(c, id, opts);
      opts.onScorecard?.(card);
      report.scorecards.push(card);
    }
  } catch (err) {
    if (!(err instanceof AuditCancelled)) throw err;
    report.cancelled = true;
  }
  return report;
}

/** The report as JSON text: what `mrtr-inspector audit --json` prints and the app's "Export JSON" saves. */
export function auditReportJson(report: AuditReport): string {
  return JSON.stringify(report, null, 2);
}
