/**
 * Audit: for every tool, prompt and resource template that asks for input, check how the server handles requestState
 * and the MRTR rules around it, and score it. A plain async function over an injected driver, clock and sleep; the
 * command line prints the scorecards, tests assert them against the mock's variants.
 */
import type { ClientCapabilities, InputRequests } from '../../protocol/types.ts';
import {
  answerCheck,
  bindingCheck,
  frozenCheck,
  missingCheck,
  opaqueCheck,
  result,
  reuseCheck,
  tamperCheck,
  expiryCheck,
  type BindingTarget,
  type CheckContext,
  type CheckResult,
  type ConnectionChange,
  type ExpiryPlan,
} from './audit-checks.ts';
import { capabilityCheck } from './audit-capability.ts';
import { pinningCheck } from './audit-pinning.ts';
import { audienceCheck, fleetCheck, principalCheck } from './audit-reach-checks.ts';
import { listCandidates, probe, type AuditCandidate } from './audit-targets.ts';
import { answersFor, otherArguments } from './audit-values.ts';
import type { CheckId } from './audit-spec.ts';
import { CHECKS_PER_TARGET, score, type AuditReport, type Scorecard } from './audit-report.ts';
import { verdictOf, type Verdict } from './audit-verdict.ts';
import type { SessionDriver } from '../flows/driver.ts';

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
  /** another user of the same client (its Authorization, other headers): state minted for the first is sent as it */
  secondIdentity?: ConnectionChange;
  /** for a token with no readable exp: wait this long after minting, then replay it */
  expiryWaitSeconds?: number;
  /** a different service believed to share the key: state minted here is sent there */
  otherService?: string;
  /** options given that cannot be used (a bad value), by the check they feed: that check is a skip with this reason */
  unusable?: Partial<Record<CheckId, string>>;
}

export type AuditProgress =
  | { type: 'listing' }
  | { type: 'target'; method: string; name: string; index: number; total: number }
  | { type: 'check'; method: string; name: string; check: CheckResult; done: number; total: number }
  | { type: 'not-asking'; name: string; outcome: string };

class AuditCancelled extends Error {}

function stopIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AuditCancelled('audit cancelled');
}

interface Baseline {
  check: CheckResult;
  /** the completed flow's last answer, and that leg resent at once (the reuse check) */
  final?: { verdict: Verdict; resent: Verdict };
  /** the input requests of every round answered, round 1 first (for the pinning check) */
  rounds: InputRequests[];
  completed: boolean;
}

/**
 * The client's round cap in the baseline: legs sent after round 1 before the audit gives up. Both SDKs' clients retry
 * at most 10 times (the Python `input_required_max_rounds`, the TypeScript client's cap), so a flow they finish, the
 * audit finishes too.
 */
const BASELINE_LEGS = 10;

async function baseline(ctx: CheckContext): Promise<Baseline> {
  const { driver } = ctx;
  const id = driver.forkDraft(ctx.probe);
  const rounds: InputRequests[] = [ctx.asked];
  driver.dispatch({ type: 'draft/answers', conversationId: id, answers: ctx.answers });
  for (let legs = 1; legs <= BASELINE_LEGS; legs++) {
    const leg = await driver.sendDraft(id);
    const o = leg.outcome;
    if (o.kind === 'complete') {
      const v = verdictOf(leg, {});
      // resent right away, so the state cannot age out before the reuse check reads the answer
      const resent = verdictOf(await driver.sendDraft(driver.forkLeg(leg.id)), {});
      return {
        check: result('baseline', 'pass', `completed after ${legs + 1} legs: ${v.summary}`),
        final: { verdict: v, resent },
        rounds,
        completed: true,
      };
    }
    if (o.kind !== 'input_required') {
      return {
        check: result(
          'baseline',
          'fail',
          `the retry with the server's own state failed: ${verdictOf(leg, {}).summary}`,
        ),
        rounds,
        completed: false,
      };
    }
    const draft = driver.conversation(id).draft;
    if (!draft) break;
    if (o.stateOnly) await ctx.sleep(100);
    if (Object.keys(draft.inputRequests).length) rounds.push(draft.inputRequests);
    driver.dispatch({ type: 'draft/answers', conversationId: id, answers: answersFor(draft.inputRequests) });
  }
  return {
    check: result(
      'baseline',
      'skip',
      `still asking after ${BASELINE_LEGS} legs (the round cap: it may wait for something out of band, or ask again every round)`,
    ),
    rounds,
    completed: false,
  };
}

/**
 * The first leg of a fresh call, changed: no client capabilities declared (capability), or an Mcp-Name that disagrees
 * with the body (header, which wants -32020).
 */
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
  if (id === 'capability') return capabilityCheck(leg);
  const v = verdictOf(leg, {});
  if (v.kind === 'broken') return result(id, 'skip', `not checked: the answer was broken (${v.summary})`);
  return result(
    id,
    v.kind === 'rejected' && v.code === -32020 ? 'pass' : 'fail',
    `called with an Mcp-Name that disagrees with the body: ${v.summary}`,
  );
}

/** Calls the state of one target can be moved to (binding): found among the other candidates, probed once each. */
interface SiblingProbes {
  /** another tool (same method, another name) and another method, each paused at round 1, when one asks */
  find(c: AuditCandidate): Promise<BindingTarget[]>;
  /** a state just minted by the first other target that asks (a new call of it), for the tamper matrix */
  freshState(c: AuditCandidate): Promise<{ label: string; value: string; target: string } | null>;
}

const SIBLING_TRIES = 3;

function siblingProbes(driver: SessionDriver, candidates: readonly AuditCandidate[]): SiblingProbes {
  const probes = new Map<string, Promise<string | null>>();
  const asking = (c: AuditCandidate): Promise<string | null> => {
    const key = `${c.method} ${c.name}`;
    let p = probes.get(key);
    if (!p) {
      p = probe(driver, c).then((id) =>
        driver.lastLeg(id)?.outcome.kind === 'input_required' && driver.conversation(id).draft ? id : null,
      );
      probes.set(key, p);
    }
    return p;
  };
  const first = async (
    list: AuditCandidate[],
    kind: BindingTarget['kind'],
    label: (o: AuditCandidate) => string,
  ): Promise<BindingTarget[]> => {
    for (const o of list.slice(0, SIBLING_TRIES)) {
      const id = await asking(o);
      if (id) return [{ kind, label: label(o), probe: id }];
    }
    return [];
  };
  const others = (c: AuditCandidate) => [
    ...candidates.filter((o) => o.method === c.method && o.name !== c.name),
    ...candidates.filter((o) => o.method !== c.method),
  ];
  return {
    async freshState(c) {
      for (const o of others(c).slice(0, SIBLING_TRIES)) {
        if (!(await asking(o))) continue;
        const id = await probe(driver, o);
        const value = driver.conversation(id).draft?.originalRequestState;
        return value === undefined ? null : { label: `${o.name} · round 1`, value, target: `${o.method} ${o.name}` };
      }
      return null;
    },
    async find(c) {
      const sameMethod = candidates.filter((o) => o.method === c.method && o.name !== c.name);
      const otherMethod = candidates.filter((o) => o.method !== c.method);
      const kind =
        c.method === 'tools/call' ? 'another tool' : c.method === 'prompts/get' ? 'another prompt' : 'another resource';
      return [
        ...(await first(sameMethod, kind, (o) => `${kind} (${o.name})`)),
        ...(await first(otherMethod, 'another method', (o) => `another method (${o.method} ${o.name})`)),
      ];
    },
  };
}

async function auditOne(
  c: AuditCandidate,
  probeId: string,
  mintedAt: number,
  siblings: SiblingProbes,
  opts: AuditOptions,
): Promise<Scorecard> {
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
    fresh: async () => {
      const id = await probe(driver, c);
      const leg = driver.lastLeg(id);
      const next = driver.conversation(id).draft;
      if (!leg || leg.outcome.kind !== 'input_required' || !next)
        return { why: leg ? verdictOf(leg, {}).summary : 'no answer' };
      if (ctx.state !== undefined && next.originalRequestState === undefined)
        return { why: 'it gave no requestState this time' };
      const asked = next.inputRequests;
      return { probe: id, state: next.originalRequestState, asked, answers: answersFor(asked) };
    },
    foreign: () => siblings.freshState(c),
    bad: [],
  };
  if (draft.originalRequestState !== undefined) ctx.state = draft.originalRequestState;
  const unusable = opts.unusable ?? {};
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
  checks.push(
    await step(async () => {
      const targets: BindingTarget[] = [];
      const otherArgs =
        c.method === 'resources/read' ? null : otherArguments(c.argsSchema, (c.params.arguments ?? {}) as never);
      if (otherArgs && ctx.state !== undefined) {
        const q = await probe(driver, c, { ...c.params, arguments: otherArgs });
        if (driver.conversation(q).draft && driver.lastLeg(q)?.outcome.kind === 'input_required')
          targets.push({ kind: 'other arguments', label: `other arguments ${JSON.stringify(otherArgs)}`, probe: q });
      }
      if (ctx.state !== undefined) targets.push(...(await siblings.find(c)));
      return bindingCheck(ctx, targets);
    }),
  );
  checks.push(await step(() => principalCheck(ctx, c, opts.secondIdentity, unusable.principal)));
  checks.push(await step(() => reuseCheck(ctx, base.final)));
  checks.push(await step(() => missingCheck(ctx)));
  checks.push(await step(() => answerCheck(ctx, 'decline')));
  checks.push(await step(() => answerCheck(ctx, 'cancel')));
  checks.push(await step(() => firstLegCheck(driver, c, 'capability')));
  checks.push(await step(() => firstLegCheck(driver, c, 'header')));
  checks.push(await step(() => opaqueCheck(ctx)));
  checks.push(await step(() => pinningCheck(base.rounds, base.completed)));
  checks.push(await step(() => fleetCheck(ctx, c, opts.server, opts.fleet ?? [])));
  checks.push(await step(() => audienceCheck(ctx, c, opts.otherService, unusable.audience)));
  const tamper = await step(() => tamperCheck(ctx));
  checks.splice(1, 0, tamper);
  const plan: ExpiryPlan = { mintedAt };
  if (opts.expiryWaitSeconds !== undefined) plan.waitSeconds = opts.expiryWaitSeconds;
  if (unusable.expiry) plan.unusable = unusable.expiry;
  checks.push(await step(() => expiryCheck(ctx, plan)));
  checks.push(await step(() => frozenCheck(ctx)));
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
    const all = await listCandidates(opts.driver, report.problems);
    const candidates = all.filter((c) => !opts.only?.length || opts.only.includes(c.name));
    // the binding check moves state to another tool or method: the audited ones first, then the rest
    const siblings = siblingProbes(opts.driver, [...candidates, ...all.filter((c) => !candidates.includes(c))]);
    for (const [index, c] of candidates.entries()) {
      stopIfCancelled(opts.signal);
      opts.onProgress?.({ type: 'target', method: c.method, name: c.name, index, total: candidates.length });
      const id = await probe(opts.driver, c);
      const mintedAt = opts.now();
      stopIfCancelled(opts.signal);
      const leg = opts.driver.lastLeg(id);
      if (leg?.outcome.kind !== 'input_required' || !opts.driver.conversation(id).draft) {
        const outcome = leg ? verdictOf(leg, {}).summary : 'no answer';
        report.notAsking.push({ name: c.name, outcome });
        opts.onProgress?.({ type: 'not-asking', name: c.name, outcome });
        continue;
      }
      const card = await auditOne(c, id, mintedAt, siblings, opts);
      opts.onScorecard?.(card);
      report.scorecards.push(card);
    }
  } catch (err) {
    if (!(err instanceof AuditCancelled)) throw err;
    report.cancelled = true;
  }
  return report;
}
