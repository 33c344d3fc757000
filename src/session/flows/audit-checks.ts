/**
 * The audit's checks against one target that asks for input. `probe` is a conversation paused at round 1 (its draft
 * holds the server's requestState); every variant is a fork of that draft, so each sends exactly what a client would,
 * changed in one way. Each check returns its status and the evidence (what was sent, what came back).
 */
import { decodeRequestState } from '../../protocol/request-state/decode-request-state.ts';
import type { DecodedView } from '../../protocol/request-state/decoded-view.ts';
import type { InputRequests, InputResponses } from '../../protocol/types.ts';
import type { ConnectionContext } from '../compose.ts';
import { runTamperMatrix } from './run-tamper-matrix.ts';
import { CHECKS, type CheckId } from './audit-spec.ts';
import { answersFor, withElicitations } from './audit-values.ts';
import { verdictOf, type Verdict } from './audit-verdict.ts';
import type { SessionDriver } from './driver.ts';

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

export interface CheckResult {
  id: CheckId;
  title: string;
  status: CheckStatus;
  evidence: string;
  spec: string;
  fix: string;
}

export interface CheckContext {
  driver: SessionDriver;
  /** conversation paused at round 1 */
  probe: string;
  target: string;
  /** the requestState round 1 gave (undefined: none) */
  state?: string;
  asked: InputRequests;
  answers: InputResponses;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** verdicts of rejected / refused variants so far (for the frozen-error check) */
  bad: { label: string; verdict: Verdict }[];
}

/** Another identity or another URL for one leg: what a variant changes in the connection. */
export type ConnectionChange = Partial<Pick<ConnectionContext, 'url' | 'authorization' | 'headers'>>;

export function result(id: CheckId, status: CheckStatus, evidence: string): CheckResult {
  return { id, status, evidence, ...CHECKS[id] };
}

/** Fork the paused round 1, change it, send it; read the answer against round 1's keys. */
export async function variant(
  ctx: CheckContext,
  label: string,
  change: {
    requestState?: string | null;
    answers?: InputResponses;
    connection?: ConnectionChange;
    from?: string;
    /**
     * false: the answer comes from another tool, method or service, whose own refusal says nothing about this
     * target's errors, so it stays out of the frozen-error comparison
     */
    sameTarget?: boolean;
  },
): Promise<Verdict> {
  const from = change.from ?? ctx.probe;
  const asked = ctx.driver.conversation(from).draft?.inputRequests ?? ctx.asked;
  const branch = ctx.driver.forkDraft(from, change.requestState);
  ctx.driver.dispatch({ type: 'draft/answers', conversationId: branch, answers: change.answers ?? ctx.answers });
  const leg = await ctx.driver.sendDraft(branch, change.connection ?? {});
  const verdict = verdictOf(leg, asked);
  if ((verdict.kind === 'rejected' || verdict.kind === 'refused') && change.sameTarget !== false)
    ctx.bad.push({ label, verdict });
  return verdict;
}

export const NO_STATE = 'the server gave no requestState: nothing to protect';

/** A variant's answer for the evidence, led by `accepted` when the server went on with state it should refuse. */
function answered(v: Verdict, accepted = 'ACCEPTED, '): string {
  return `${v.kind === 'advanced' ? accepted : ''}${v.summary}`;
}

/** A check of state the server must refuse: passes when the variant was refused, fails when it was accepted. */
export function mustRefuse(id: CheckId, sent: string, v: Verdict, accepted?: string): CheckResult {
  return result(id, v.kind === 'advanced' ? 'fail' : 'pass', `${sent}: ${answered(v, accepted)}`);
}

/**
 * The tamper matrix flow (flows/run-tamper-matrix.ts) against the paused round 1, answered as the baseline answered it:
 * one fork per mutation, including a state minted for another target audited earlier and, when the state's exp is
 * near, the replay after expiry. Returns the tamper check and the expiry check (that row of the matrix).
 */
export interface ExpiryPlan {
  /** when round 1's state was minted (ms epoch) */
  mintedAt: number;
  /** wait this long after minting, then replay (for a token with no readable exp) */
  waitSeconds?: number;
  /** why the wait the user gave cannot be used (a bad value) */
  unusable?: string;
}

function readableExp(ctx: CheckContext): boolean {
  return decodeRequestState(ctx.state!, ctx.now()).some(
    (v) => (v.kind === 'v1-signed' || v.kind === 'jwt' || v.kind === 'json') && v.exp !== null,
  );
}

/** Replay round 1 once `waitSeconds` have passed since it was minted: refused passes. */
async function replayAfterWait(ctx: CheckContext, plan: ExpiryPlan, waitSeconds: number): Promise<CheckResult> {
  const remaining = plan.mintedAt + waitSeconds * 1000 - ctx.now();
  if (remaining > 0) await ctx.sleep(remaining);
  const v = await variant(ctx, `replay ${waitSeconds} s after minting`, { requestState: ctx.state! });
  return mustRefuse(
    'expiry',
    `resent round 1's state ${waitSeconds} s after it was minted (the token shows no exp)`,
    v,
  );
}

export async function tamperAndExpiryChecks(
  ctx: CheckContext,
  plan: ExpiryPlan = { mintedAt: ctx.now() },
): Promise<[CheckResult, CheckResult]> {
  if (ctx.state === undefined) return [result('tamper', 'skip', NO_STATE), result('expiry', 'skip', NO_STATE)];
  const { driver } = ctx;
  driver.dispatch({ type: 'draft/answers', conversationId: ctx.probe, answers: ctx.answers });
  await runTamperMatrix(ctx.probe, {
    dispatch: driver.dispatch,
    session: driver.state,
    newId: driver.newId,
    now: ctx.now,
    sleep: (ms) => ctx.sleep(ms),
    showWait: () => {},
    signal: new AbortController().signal,
    send: async (branchId) => {
      await driver.sendDraft(branchId);
    },
  });
  const rows = driver.conversation(ctx.probe).tamperRun?.rows ?? [];
  const lines: string[] = [];
  let accepted = 0;
  let expiry = result('expiry', 'skip', 'the tamper matrix planned no replay after expiry');
  for (const row of rows) {
    if (row.mutationId === 'control') continue;
    const leg = row.branchId ? driver.lastLeg(row.branchId) : undefined;
    const v = leg && leg.conversationId === row.branchId ? verdictOf(leg, ctx.asked) : undefined;
    if (v && (v.kind === 'rejected' || v.kind === 'refused')) ctx.bad.push({ label: row.label, verdict: v });
    if (row.mutationId === 'expired-replay') {
      expiry = !v
        ? result('expiry', 'skip', `not checked: ${row.skipReason ?? 'not sent'}`)
        : mustRefuse('expiry', 'resent the state after its exp passed', v);
      continue;
    }
    if (!v) continue;
    if (v.kind === 'advanced') accepted += 1;
    lines.push(`${row.label}: ${answered(v)}`);
  }
  const tamper = result('tamper', accepted ? 'fail' : 'pass', lines.join('\n'));
  // a readable exp keeps the matrix's answer; an opaque token needs the wait the user gave
  if (expiry.status === 'skip' && !readableExp(ctx)) {
    if (plan.unusable) expiry = result('expiry', 'skip', `not checked: ${plan.unusable}`);
    else if (plan.waitSeconds !== undefined) expiry = await replayAfterWait(ctx, plan, plan.waitSeconds);
    else
      expiry = result(
        'expiry',
        'skip',
        `${expiry.evidence}; give a wait longer than the server's TTL (--expiry-wait SECONDS, or "Expiry wait" in the app) to check it`,
      );
  }
  return [tamper, expiry];
}

/** A call paused at round 1 that the state can be moved to: other arguments, another tool or prompt, another method. */
export interface BindingTarget {
  kind: 'other arguments' | 'another tool' | 'another prompt' | 'another resource' | 'another method';
  /** what it is, for the evidence: `other arguments {...}`, `another tool (close_account)`, `another method (prompts/get statement)` */
  label: string;
  probe: string;
}

export async function bindingCheck(ctx: CheckContext, targets: readonly BindingTarget[]) {
  if (ctx.state === undefined) return result('binding', 'skip', NO_STATE);
  if (!targets.length)
    return result(
      'binding',
      'skip',
      'nothing to move the state to: no argument to vary, and no other tool, prompt or method that asks',
    );
  const accepted: string[] = [];
  const lines: string[] = [];
  for (const t of targets) {
    const answers = answersFor(ctx.driver.conversation(t.probe).draft?.inputRequests ?? {});
    const v = await variant(ctx, `state on ${t.label}`, {
      from: t.probe,
      requestState: ctx.state,
      answers,
      sameTarget: t.kind === 'other arguments',
    });
    if (v.kind === 'advanced') accepted.push(t.kind);
    lines.push(`sent round 1's state on ${t.label}: ${answered(v)}`);
  }
  const head = accepted.length
    ? `accepted on ${accepted.join(' and ')}`
    : `refused on all ${targets.length} (${targets.map((t) => t.kind).join(', ')})`;
  return result('binding', accepted.length ? 'fail' : 'pass', [head, ...lines].join('\n'));
}

export async function reuseCheck(ctx: CheckContext, finalLegId: string | undefined) {
  if (ctx.state === undefined) return result('reuse', 'skip', NO_STATE);
  if (!finalLegId) return result('reuse', 'skip', 'the flow did not complete, so there is no final leg to resend');
  const branch = ctx.driver.forkLeg(finalLegId);
  const leg = await ctx.driver.sendDraft(branch);
  // a refusal here is the server consuming its state, not an answer to a bad state: it stays out of the frozen check
  const v = verdictOf(leg, {});
  return result(
    'reuse',
    v.kind === 'advanced' ? 'warn' : 'pass',
    `resent the final leg (same requestState and answers): ${v.kind === 'advanced' ? 'accepted again, ' : ''}${v.summary}`,
  );
}

export async function missingCheck(ctx: CheckContext) {
  if (!Object.keys(ctx.asked).length) return result('missing', 'skip', 'round 1 asked nothing (state only)');
  const v = await variant(ctx, 'no answers', { answers: {} });
  const status: CheckStatus = v.kind === 'reasked' ? 'pass' : v.kind === 'advanced' ? 'fail' : 'warn';
  return result('missing', status, `retried without inputResponses: ${v.summary}`);
}

export async function answerCheck(ctx: CheckContext, action: 'decline' | 'cancel') {
  const answers = withElicitations(ctx.asked, ctx.answers, action);
  if (!answers) return result(action, 'skip', 'round 1 has no elicitation to decline or cancel');
  const v = await variant(ctx, action, { answers });
  const ok = v.kind === 'advanced' || v.kind === 'reasked' || v.kind === 'refused';
  if (v.kind === 'refused') ctx.bad.pop(); // a tool error after a decline is a proper answer, not a bad-state oracle
  return result(action, ok ? 'pass' : 'fail', `answered every elicitation with "${action}": ${v.summary}`);
}

/** What the client can read in a view (null: nothing decoded). Classified by what decodes, never by a prefix. */
function readableValue(view: DecodedView): unknown {
  switch (view.kind) {
    case 'v1-signed':
      return view.envelope === null ? null : (view.payload ?? view.envelope);
    case 'jwt':
      return view.claims;
    case 'json':
      return view.value;
    default:
      return null;
  }
}

function clipJson(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

export function opaqueCheck(ctx: CheckContext) {
  if (ctx.state === undefined) return result('opaque', 'skip', NO_STATE);
  const views = decodeRequestState(ctx.state, ctx.now());
  const readable = views.find((v) => readableValue(v) !== null);
  if (readable)
    return result(
      'opaque',
      'warn',
      `the client can read the payload (${readable.label}): ${clipJson(readableValue(readable))}`,
    );
  const sealedV1 = views.some((v) => v.kind === 'v1-signed');
  return result(
    'opaque',
    'pass',
    sealedV1
      ? "sealed: a v1. token whose body does not decode to JSON (encrypted, e.g. the Python SDK's AES-GCM)"
      : `no readable payload (${views.map((v) => v.kind).join(', ') || 'opaque'})`,
  );
}

export function frozenCheck(ctx: CheckContext) {
  const distinct = new Map<string, string[]>();
  for (const { label, verdict } of ctx.bad) {
    if (verdict.kind !== 'rejected' && verdict.kind !== 'refused') continue;
    distinct.set(verdict.signature, [...(distinct.get(verdict.signature) ?? []), `${label}: ${verdict.summary}`]);
  }
  const count = [...distinct.values()].reduce((n, l) => n + l.length, 0);
  if (count < 2)
    return result(
      'frozen',
      'skip',
      `only ${count} bad state${count === 1 ? ' was' : 's were'} refused: nothing to compare`,
    );
  const lines = [...distinct.values()].map((l) => `${l.length}× ${l[0]}`);
  return result(
    'frozen',
    distinct.size === 1 ? 'pass' : 'fail',
    `${distinct.size} distinct answer(s) to ${count} bad states:\n${lines.join('\n')}`,
  );
}
