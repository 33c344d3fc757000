/**
 * The audit's checks against one target that asks for input. `probe` is a conversation paused at round 1 (its draft
 * holds the server's requestState); every variant is a fork of that draft, so each sends exactly what a client would,
 * changed in one way. Each check returns its status and the evidence (what was sent, what came back).
 */
import { decodeBase64 } from '../../protocol/request-state/base64.ts';
import { decodeRequestState } from '../../protocol/request-state/decode-request-state.ts';
import { printableRatio, utf8OrNull } from '../../protocol/request-state/decode-util.ts';
import type { DecodedView } from '../../protocol/request-state/decoded-view.ts';
import type { InputRequests, InputResponses } from '../../protocol/types.ts';
import type { ConnectionContext } from '../compose.ts';
import { planTamperMatrix } from '../tamper-matrix.ts';
import { brokenSkip, controlled, type Controlled, type Round1 } from './audit-control.ts';
import { CHECKS, type CheckId } from './audit-spec.ts';
import { answersFor, withElicitations } from './audit-values.ts';
import { verdictOf, type Verdict } from './audit-verdict.ts';
import type { SessionDriver } from '../flows/driver.ts';

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
  /** conversation paused at round 1 (the first call: what the target asks and whether it keeps state) */
  probe: string;
  target: string;
  /** the requestState round 1 gave (undefined: none) */
  state?: string;
  asked: InputRequests;
  answers: InputResponses;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** a new call of the target paused at round 1, or why there is none (every state-carrying check starts from one) */
  fresh: () => Promise<Round1 | { why: string }>;
  /** a state just minted for another target of the server (the tamper matrix's "state from another tool") */
  foreign?: () => Promise<{ label: string; value: string; target: string } | null>;
  /** verdicts of refused state mutations so far (for the frozen-error check) */
  bad: { label: string; verdict: Verdict }[];
}

/** Another identity or another URL for one leg: what a variant changes in the connection. */
export type ConnectionChange = Partial<Pick<ConnectionContext, 'url' | 'authorization' | 'headers'>>;

export function result(id: CheckId, status: CheckStatus, evidence: string): CheckResult {
  return { id, status, evidence, ...CHECKS[id] };
}

/** Fork a paused round 1, change it, send it; read the answer against that round's keys. */
export async function variant(
  ctx: CheckContext,
  round: Round1,
  label: string,
  change: {
    requestState?: string | null;
    answers?: InputResponses;
    connection?: ConnectionChange;
    /** another paused call to send from (the state moved onto another request) */
    from?: string;
    /**
     * true: a mutated or misplaced state of this target, whose refusal joins the frozen-error comparison. Answers to
     * a missing or declined answer, and refusals by another tool or service, say nothing about the state's errors.
     */
    mutation?: boolean;
  },
): Promise<Verdict> {
  const from = change.from ?? round.probe;
  const asked = ctx.driver.conversation(from).draft?.inputRequests ?? round.asked;
  const branch = ctx.driver.forkDraft(from, change.requestState);
  ctx.driver.dispatch({ type: 'draft/answers', conversationId: branch, answers: change.answers ?? round.answers });
  const leg = await ctx.driver.sendDraft(branch, change.connection ?? {});
  const verdict = verdictOf(leg, asked);
  if ((verdict.kind === 'rejected' || verdict.kind === 'refused') && change.mutation) ctx.bad.push({ label, verdict });
  return verdict;
}

export const NO_STATE = 'the server gave no requestState: nothing to protect';

/** A variant's answer for the evidence, led by `accepted` when the server went on with state it should refuse. */
function answered(v: Verdict, accepted = 'ACCEPTED, '): string {
  return `${v.kind === 'advanced' ? accepted : ''}${v.summary}`;
}

/**
 * A check of state the server must refuse: passes when the variant was refused while its untouched state was still
 * taken, fails when it was accepted, and is a skip (saying why) without that evidence.
 */
export function mustRefuse(id: CheckId, sent: string, c: Controlled, accepted?: string): CheckResult {
  if ('skip' in c) return result(id, 'skip', `${sent}: ${c.skip}`);
  return result(id, c.verdict.kind === 'advanced' ? 'fail' : 'pass', `${sent}: ${answered(c.verdict, accepted)}`);
}

/** When the replay after expiry is sent: after the state's readable exp, or after the wait the user gave. */
export interface ExpiryPlan {
  /** when round 1's state was minted (ms epoch) */
  mintedAt: number;
  /** wait this long after minting, then replay (for a token with no readable exp) */
  waitSeconds?: number;
  /** why the wait the user gave cannot be used (a bad value) */
  unusable?: string;
}

function readableExp(state: string, now: number): boolean {
  return decodeRequestState(state, now).some(
    (v) => (v.kind === 'v1-signed' || v.kind === 'jwt' || v.kind === 'json') && v.exp !== null,
  );
}

/** A replay meant to be refused for its age: broken is no evidence; no control can follow an expired state. */
function expiryVerdict(sent: string, v: Verdict): CheckResult {
  if (v.kind === 'broken') return result('expiry', 'skip', `${sent}: ${brokenSkip('the replay', v)}`);
  return mustRefuse('expiry', sent, { verdict: v });
}

const TAMPER_SKIPPED = new Set(['control', 'expired-replay']);

/**
 * The tamper matrix's mutations (session/tamper-matrix.ts), each against its own fresh round 1 and checked by a
 * control after it: flipped bits, truncated, empty, dropped, a rewritten number, a state just minted for another
 * target. Fails when any is accepted; rows without evidence are listed with the reason.
 */
export async function tamperCheck(ctx: CheckContext): Promise<CheckResult> {
  if (ctx.state === undefined) return result('tamper', 'skip', NO_STATE);
  const planned = planTamperMatrix(ctx.state, { now: ctx.now(), target: ctx.target, otherStates: [] }).filter(
    (r) => !TAMPER_SKIPPED.has(r.mutationId),
  );
  const lines: string[] = [];
  let accepted = 0;
  let refused = 0;
  for (const first of planned) {
    const round = await ctx.fresh();
    if ('why' in round) {
      lines.push(`${first.label}: not checked: a fresh round 1 did not ask (${round.why})`);
      continue;
    }
    const other = first.mutationId === 'other-tool' ? await ctx.foreign?.() : null;
    const row = planTamperMatrix(round.state, {
      now: ctx.now(),
      target: ctx.target,
      otherStates: other ? [other] : [],
    }).find((r) => r.mutationId === first.mutationId);
    if (!row || row.status === 'skipped') {
      lines.push(`${row?.label ?? first.label}: not sent (${row?.skipReason ?? 'not planned'})`);
      continue;
    }
    const c = await controlled(
      ctx,
      `"${row.label}"`,
      (r) => variant(ctx, r, row.label, { requestState: row.requestState, mutation: true }),
      { round },
    );
    if ('skip' in c) {
      lines.push(`${row.label}: ${c.skip}`);
      continue;
    }
    if (c.verdict.kind === 'advanced') accepted += 1;
    else refused += 1;
    lines.push(`${row.label}: ${answered(c.verdict)}`);
  }
  const status: CheckStatus = accepted ? 'fail' : refused ? 'pass' : 'skip';
  return result('tamper', status, lines.join('\n'));
}

/**
 * Expiry: a readable exp is waited for (when near) and the state replayed once it passed; an opaque token is
 * replayed `waitSeconds` after round 1 was minted. Refused passes.
 */
export async function expiryCheck(ctx: CheckContext, plan: ExpiryPlan = { mintedAt: ctx.now() }): Promise<CheckResult> {
  if (ctx.state === undefined) return result('expiry', 'skip', NO_STATE);
  if (readableExp(ctx.state, ctx.now())) {
    const expiredRow = (state: string | undefined) =>
      planTamperMatrix(state, { now: ctx.now(), target: ctx.target, otherStates: [] }).find(
        (r) => r.mutationId === 'expired-replay',
      );
    const first = expiredRow(ctx.state);
    if (!first || first.status === 'skipped')
      return result('expiry', 'skip', `not checked: ${first?.skipReason ?? 'no replay after expiry planned'}`);
    // a fresh state: its exp is the one waited for
    const round = await ctx.fresh();
    if ('why' in round) return result('expiry', 'skip', `not checked: a fresh round 1 did not ask (${round.why})`);
    const row = expiredRow(round.state);
    if (!row || row.status === 'skipped' || row.waitUntil === undefined)
      return result('expiry', 'skip', `not checked: ${row?.skipReason ?? 'no replay after expiry planned'}`);
    await ctx.sleep(Math.max(0, row.waitUntil - ctx.now()));
    const v = await variant(ctx, round, 'replay after expiry', { mutation: true });
    return expiryVerdict('resent the state after its exp passed', v);
  }
  if (plan.unusable) return result('expiry', 'skip', `not checked: ${plan.unusable}`);
  if (plan.waitSeconds === undefined)
    return result(
      'expiry',
      'skip',
      `not checked: the token carries no exp: nothing to wait for; give a wait longer than the server's TTL (--expiry-wait SECONDS, or "Expiry wait" in the app) to check it`,
    );
  const remaining = plan.mintedAt + plan.waitSeconds * 1000 - ctx.now();
  if (remaining > 0) await ctx.sleep(remaining);
  const first: Round1 = { probe: ctx.probe, state: ctx.state, asked: ctx.asked, answers: ctx.answers };
  const v = await variant(ctx, first, `replay ${plan.waitSeconds} s after minting`, { mutation: true });
  return expiryVerdict(`resent round 1's state ${plan.waitSeconds} s after it was minted (the token shows no exp)`, v);
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
  const refused: string[] = [];
  const lines: string[] = [];
  for (const t of targets) {
    const answers = answersFor(ctx.driver.conversation(t.probe).draft?.inputRequests ?? {});
    const sent = `sent round 1's state on ${t.label}`;
    const c = await controlled(ctx, `the state on ${t.label}`, (round) =>
      variant(ctx, round, `state on ${t.label}`, {
        from: t.probe,
        requestState: round.state ?? null,
        answers,
        mutation: t.kind === 'other arguments',
      }),
    );
    if ('skip' in c) {
      lines.push(`${sent}: ${c.skip}`);
      continue;
    }
    (c.verdict.kind === 'advanced' ? accepted : refused).push(t.kind);
    lines.push(`${sent}: ${answered(c.verdict)}`);
  }
  const unchecked = targets.length - accepted.length - refused.length;
  const rest = unchecked ? `; ${unchecked} not checked` : '';
  if (accepted.length) return result('binding', 'fail', [`accepted on ${accepted.join(' and ')}`, ...lines].join('\n'));
  if (!refused.length) return result('binding', 'skip', ['no move of the state could be checked', ...lines].join('\n'));
  const head =
    refused.length === targets.length
      ? `refused on all ${targets.length} (${refused.join(', ')})`
      : `refused on ${refused.length} (${refused.join(', ')})${rest}`;
  return result('binding', 'pass', [head, ...lines].join('\n'));
}

/**
 * Reuse: the final leg of a completed flow resent at once (the baseline does it right after completing, so the state
 * cannot have aged out in between). `resent` is that answer; a flow that ended with a tool error says nothing.
 */
export function reuseCheck(ctx: CheckContext, final: { verdict: Verdict; resent: Verdict } | undefined): CheckResult {
  if (ctx.state === undefined) return result('reuse', 'skip', NO_STATE);
  if (!final) return result('reuse', 'skip', 'the flow did not complete, so there is no final leg to resend');
  if (final.verdict.kind !== 'advanced')
    return result(
      'reuse',
      'skip',
      `the flow ended with ${final.verdict.summary}: a call that did nothing shows nothing about reuse`,
    );
  const v = final.resent;
  if (v.kind === 'broken') return result('reuse', 'skip', brokenSkip('the resent final leg', v));
  // a refusal here is the server consuming its state, not an answer to a bad state: it stays out of the frozen check
  return result(
    'reuse',
    v.kind === 'advanced' ? 'warn' : 'pass',
    `resent the final leg (same requestState and answers) right after it completed: ${v.kind === 'advanced' ? 'accepted again, ' : ''}${v.summary}`,
  );
}

export async function missingCheck(ctx: CheckContext) {
  if (!Object.keys(ctx.asked).length) return result('missing', 'skip', 'round 1 asked nothing (state only)');
  const sent = 'retried without inputResponses';
  const c = await controlled(ctx, 'the retry without inputResponses', (round) =>
    variant(ctx, round, 'no answers', { answers: {} }),
  );
  if ('skip' in c) return result('missing', 'skip', `${sent}: ${c.skip}`);
  const v = c.verdict;
  const status: CheckStatus = v.kind === 'reasked' ? 'pass' : v.kind === 'advanced' ? 'fail' : 'warn';
  return result('missing', status, `${sent}: ${v.summary}`);
}

export async function answerCheck(ctx: CheckContext, action: 'decline' | 'cancel') {
  if (!withElicitations(ctx.asked, ctx.answers, action))
    return result(action, 'skip', 'round 1 has no elicitation to decline or cancel');
  const sent = `answered every elicitation with "${action}"`;
  const c = await controlled(ctx, `the "${action}" answer`, (round) =>
    variant(ctx, round, action, { answers: withElicitations(round.asked, round.answers, action) ?? round.answers }),
  );
  if ('skip' in c) return result(action, 'skip', `${sent}: ${c.skip}`);
  const v = c.verdict;
  // a tool error after a decline is a proper answer; only a protocol error is not
  const ok = v.kind === 'advanced' || v.kind === 'reasked' || v.kind === 'refused';
  return result(action, ok ? 'pass' : 'fail', `${sent}: ${v.summary}`);
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

/** A 12-byte nonce and a 16-byte tag: the least an AEAD-sealed token (AES-GCM, ChaCha20-Poly1305) carries. */
const AEAD_MIN_BYTES = 28;

/** Bytes that read as text: valid UTF-8, all printable. */
function asText(bytes: Uint8Array): string | null {
  const text = utf8OrNull(bytes);
  return text !== null && text.length > 0 && printableRatio(text) === 1 ? text : null;
}

const quoted = (text: string) => JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}...` : text);

/**
 * Whether the client can read the state: a decoded payload (JSON, a JWT, the TS SDK's signed v1), text inside base64,
 * or a token that is itself plain text all warn. Only bytes that decode to no text and are long enough to be sealed
 * (high entropy, as AEAD output is) pass.
 */
export function opaqueCheck(ctx: CheckContext) {
  if (ctx.state === undefined) return result('opaque', 'skip', NO_STATE);
  const token = ctx.state;
  const views = decodeRequestState(token, ctx.now());
  const readable = views.find((v) => readableValue(v) !== null);
  if (readable)
    return result(
      'opaque',
      'warn',
      `the client can read the payload (${readable.label}): ${clipJson(readableValue(readable))}`,
    );
  const v1 = token.startsWith('v1.');
  const segments = (v1 ? token.slice(3) : token).split('.');
  const decoded = segments.map((s) => (s ? decodeBase64(s) : null));
  if (decoded.every((d) => d !== null)) {
    const text = decoded.map((d) => asText(d!)).find((t) => t !== null);
    if (text) return result('opaque', 'warn', `the client can read the payload (text inside base64): ${quoted(text)}`);
    const bytes = decoded.reduce((n, d) => n + d!.length, 0);
    if (bytes >= AEAD_MIN_BYTES)
      return result(
        'opaque',
        'pass',
        v1
          ? "sealed: a v1. token whose body does not decode to JSON (encrypted, e.g. the Python SDK's AES-GCM)"
          : `no readable payload: ${bytes} bytes of base64 that decode to no text (high entropy, as sealed state is)`,
      );
  }
  return result(
    'opaque',
    'warn',
    `the token reads as plain text: ${quoted(token)} (too short or too plain to be sealed: a sealed token is base64 of at least ${AEAD_MIN_BYTES} bytes that decode to no text)`,
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
