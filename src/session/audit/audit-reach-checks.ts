/**
 * The audit's checks that carry round 1's state somewhere else: to another user of the same server (principal), to
 * another service believed to share the key (audience), and between the instances of a fleet in both directions
 * (rotation). Each first makes a fresh call of the same target there, so a refusal that has nothing to do with the
 * state (a token the server rejects outright, a service that is down or lacks the tool) is reported as a skip with its
 * reason rather than as a pass; each variant then carries a state just minted and is checked by a control after it
 * (audit-control.ts).
 */
import { controlled, sendControl, type Round1 } from './audit-control.ts';
import {
  mustRefuse,
  NO_STATE,
  result,
  variant,
  type CheckContext,
  type CheckResult,
  type ConnectionChange,
} from './audit-checks.ts';
import { probe, type AuditCandidate } from './audit-targets.ts';
import { answersFor } from './audit-values.ts';
import { verdictOf } from './audit-verdict.ts';

/** A fresh call of the target over `connection`: that call paused at round 1 when it asks, else why it cannot be used. */
async function control(
  ctx: CheckContext,
  c: AuditCandidate,
  connection: ConnectionChange,
): Promise<Round1 | { why: string }> {
  const id = await probe(ctx.driver, c, c.params, connection);
  const leg = ctx.driver.lastLeg(id);
  if (!leg) return { why: 'no answer' };
  const status = leg.exchange.response?.status;
  if (status === 401 || status === 403) return { why: `HTTP ${status}` };
  const draft = ctx.driver.conversation(id).draft;
  if (leg.outcome.kind !== 'input_required' || !draft) return { why: verdictOf(leg, {}).summary };
  const asked = draft.inputRequests;
  return { probe: id, state: draft.originalRequestState, asked, answers: answersFor(asked) };
}

export async function principalCheck(
  ctx: CheckContext,
  c: AuditCandidate,
  second: ConnectionChange | undefined,
  unusable?: string,
): Promise<CheckResult> {
  if (ctx.state === undefined) return result('principal', 'skip', NO_STATE);
  if (unusable) return result('principal', 'skip', `not checked: ${unusable}`);
  if (!second)
    return result(
      'principal',
      'skip',
      'no second identity: give another user\'s token of the same client (--second-identity-header "Authorization: Bearer <token>", or "Second identity" in the app) to check that state minted for one user is refused for another',
    );
  const check = await control(ctx, c, second);
  if ('why' in check)
    return result(
      'principal',
      'skip',
      `not checked: the server refused the second identity outright (a fresh call as it: ${check.why}); give a token it accepts`,
    );
  const v = await controlled(ctx, 'the state under the second identity', (round) =>
    variant(ctx, round, 'state under the second identity', { connection: second, mutation: true }),
  );
  return mustRefuse('principal', "sent round 1's state (minted for the first identity) under the second identity", v);
}

export async function audienceCheck(
  ctx: CheckContext,
  c: AuditCandidate,
  otherService: string | undefined,
  unusable?: string,
): Promise<CheckResult> {
  if (ctx.state === undefined) return result('audience', 'skip', NO_STATE);
  if (unusable) return result('audience', 'skip', `not checked: ${unusable}`);
  if (!otherService)
    return result(
      'audience',
      'skip',
      "no other service: name a different service believed to share the key (--other-service URL) to check that it refuses this server's state",
    );
  const check = await control(ctx, c, { url: otherService });
  if ('why' in check)
    return result(
      'audience',
      'skip',
      `not checked: ${otherService} cannot serve ${c.name} (a fresh call there: ${check.why})`,
    );
  // another service's own refusal says nothing about this server's errors: it stays out of the frozen check
  const v = await controlled(ctx, `the state at ${otherService}`, (round) =>
    variant(ctx, round, `state at ${otherService}`, { connection: { url: otherService } }),
  );
  return mustRefuse(
    'audience',
    `sent round 1's state to ${otherService}`,
    v,
    'ACCEPTED (no audience: a token minted here is good there), ',
  );
}

/**
 * Each other instance: a state minted here retried there, and a round minted there retried here, each checked by a
 * control (the untouched state back where it was minted). Both ways accepted: the instances share a key. Neither:
 * they do not. One way only: a rotation half rolled out, or the minter promoted first (an instance mints with a key
 * another cannot verify yet). An instance that is down, or whose answers are broken, is not checked (never "no
 * shared key").
 */
export async function fleetCheck(
  ctx: CheckContext,
  c: AuditCandidate,
  server: string,
  others: readonly string[],
): Promise<CheckResult> {
  if (ctx.state === undefined) return result('fleet', 'skip', NO_STATE);
  if (!others.length) return result('fleet', 'skip', 'one URL given: pass several --server URLs of one fleet to check');
  const lines: string[] = [];
  let oneWay = 0;
  let neither = 0;
  let both = 0;
  for (const url of others) {
    const there = await control(ctx, c, { url });
    if ('why' in there) {
      lines.push(`${url}: not checked (a fresh call there: ${there.why})`);
      continue;
    }
    const forward = await controlled(ctx, `the state at ${url}`, (round) =>
      variant(ctx, round, `retry on ${url}`, { connection: { url }, mutation: true }),
    );
    lines.push(
      `state minted on ${server}, retried on ${url}: ${'skip' in forward ? forward.skip : forward.verdict.summary}`,
    );
    const back = await controlled(
      ctx,
      `${url}'s state on ${server}`,
      (round) => variant(ctx, round, `retry of ${url}'s state on ${server}`, { connection: { url: server } }),
      { round: there, control: (round) => sendControl(ctx, round, { url }) },
    );
    lines.push(`state minted on ${url}, retried on ${server}: ${'skip' in back ? back.skip : back.verdict.summary}`);
    if ('skip' in forward || 'skip' in back) continue;
    const ways = [forward.verdict.kind === 'advanced', back.verdict.kind === 'advanced'];
    if (ways[0] !== ways[1]) oneWay += 1;
    else if (ways[0]) both += 1;
    else neither += 1;
  }
  if (oneWay)
    return result(
      'fleet',
      'fail',
      [`accepted one way only: a rotation half rolled out, or the minter promoted first`, ...lines].join('\n'),
    );
  if (neither)
    return result('fleet', 'fail', ["the instances refuse each other's state: no shared key", ...lines].join('\n'));
  if (!both) return result('fleet', 'skip', ['no other instance could be checked', ...lines].join('\n'));
  if (both < others.length)
    return result('fleet', 'pass', ['accepted both ways where it could be checked', ...lines].join('\n'));
  return result('fleet', 'pass', ['accepted in both directions', ...lines].join('\n'));
}
