/**
 * Every check that sends a requestState is about the state, not about time: a state refused because it aged out
 * (a short TTL behind a slow link, or many checks after minting) says nothing about tampering, binding or the user.
 * So each such check starts from a fresh round 1, sends its variant at once, and, unless the variant was accepted,
 * resends the untouched state of that round afterwards as the control. A refusal counts only when the control, sent
 * after it, was still taken: the state was live when the variant was refused. A broken answer (a transport failure,
 * a timeout, an HTTP 5xx) is evidence of nothing either way. Both are skips that say why.
 */
import type { InputRequests, InputResponses } from '../../protocol/types.ts';
import type { CheckContext } from './audit-checks.ts';
import { verdictOf, type Verdict } from './audit-verdict.ts';

/** A call of the audited target paused at round 1, just minted. */
export interface Round1 {
  probe: string;
  /** the requestState it gave (undefined: none) */
  state: string | undefined;
  asked: InputRequests;
  answers: InputResponses;
}

/** The variant's verdict (and the control's, when one was sent), or why the check has no evidence. */
export type Controlled = { verdict: Verdict; control?: Verdict } | { skip: string };

export function brokenSkip(what: string, v: Verdict): string {
  return `not checked: the answer to ${what} was broken (${v.summary}), which says nothing about the state`;
}

/** Resend a round's untouched state with its answers, as sent to `connection` (default: the audited server). */
export async function sendControl(
  ctx: CheckContext,
  round: Round1,
  connection: Parameters<CheckContext['driver']['sendDraft']>[1] = {},
): Promise<Verdict> {
  const branch = ctx.driver.forkDraft(round.probe);
  ctx.driver.dispatch({ type: 'draft/answers', conversationId: branch, answers: round.answers });
  return verdictOf(await ctx.driver.sendDraft(branch, connection), round.asked);
}

/** A control that shows the untouched state was still taken: the call went on (or, after a re-ask, went on). */
function live(control: Verdict, variant: Verdict): boolean {
  return control.kind === 'advanced' || (control.kind === 'reasked' && variant.kind !== 'reasked');
}

/**
 * `send` the variant from a fresh round 1 (`round` given: from that one), then the control unless it was accepted.
 * `control` overrides how the untouched state is resent (another instance's own state goes back to it).
 */
export async function controlled(
  ctx: CheckContext,
  what: string,
  send: (round: Round1) => Promise<Verdict>,
  opts: { round?: Round1; control?: (round: Round1) => Promise<Verdict> } = {},
): Promise<Controlled> {
  const round = opts.round ?? (await ctx.fresh());
  if ('why' in round) return { skip: `not checked: a fresh round 1 did not ask (${round.why})` };
  const verdict = await send(round);
  if (verdict.kind === 'broken') return { skip: brokenSkip(what, verdict) };
  if (verdict.kind === 'advanced') return { verdict };
  const control = await (opts.control ?? ((r) => sendControl(ctx, r)))(round);
  if (control.kind === 'broken')
    return { skip: brokenSkip(`the control (the untouched state, resent after ${what})`, control) };
  if (!live(control, verdict))
    return {
      skip: `not checked: ${what} was answered "${verdict.summary}", and the untouched state resent right after it as the control was not taken either (${control.summary}): the state aged out (a TTL shorter than the audit's legs) or is refused anyway`,
    };
  return { verdict, control };
}
