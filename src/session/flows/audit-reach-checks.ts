/**
 * The audit's checks that carry round 1's state somewhere else: to another user of the same server (principal), to
 * another service believed to share the key (audience), and between the instances of a fleet in both directions
 * (rotation). Each first makes a control call there (a fresh call of the same target), so a refusal that has nothing
 * to do with the state (a token the server rejects outright, a service that is down or lacks the tool) is reported as
 * a skip with its reason rather than as a pass.
 */
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

/** A fresh call of the target over `connection`: its probe id when it asks, else why it cannot be used. */
async function control(
  ctx: CheckContext,
  c: AuditCandidate,
  connection: ConnectionChange,
): Promise<{ probe: string } | { why: string }> {
  const id = await probe(ctx.driver, c, c.params, connection);
  const leg = ctx.driver.lastLeg(id);
  if (!leg) return { why: 'no answer' };
  const status = leg.exchange.response?.status;
  if (status === 401 || status === 403) return { why: `HTTP ${status}` };
  if (leg.outcome.kind === 'input_required' && ctx.driver.conversation(id).draft) return { probe: id };
  return { why: verdictOf(leg, {}).summary };
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
  const v = await variant(ctx, 'state under the second identity', { connection: second, requestState: ctx.state });
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
  const v = await variant(ctx, `state at ${otherService}`, {
    connection: { url: otherService },
    requestState: ctx.state,
    sameTarget: false,
  });
  return mustRefuse(
    'audience',
    `sent round 1's state to ${otherService}`,
    v,
    'ACCEPTED (no audience: a token minted here is good there), ',
  );
}

/**
 * Each other instance: round 1's state (minted here) retried there, and a round minted there retried here. Both
 * ways accepted: the instances share a key. Neither: they do not. One way only: a rotation half rolled out, or the
 * minter promoted first (an instance mints with a key another cannot verify yet).
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
  let unchecked = 0;
  for (const url of others) {
    const there = await variant(ctx, `retry on ${url}`, { connection: { url }, requestState: ctx.state });
    const forward = there.kind === 'advanced';
    lines.push(`state minted on ${server}, retried on ${url}: ${there.summary}`);
    const check = await control(ctx, c, { url });
    if ('why' in check) {
      unchecked += 1;
      lines.push(`state minted on ${url}: not checked (a fresh call there: ${check.why})`);
      if (!forward) neither += 1;
      continue;
    }
    const asked = ctx.driver.conversation(check.probe).draft?.inputRequests ?? {};
    const back = await variant(ctx, `retry of ${url}'s state on ${server}`, {
      from: check.probe,
      answers: answersFor(asked),
      connection: { url: server },
    });
    const backward = back.kind === 'advanced';
    lines.push(`state minted on ${url}, retried on ${server}: ${back.summary}`);
    if (forward !== backward) oneWay += 1;
    else if (!forward) neither += 1;
  }
  if (oneWay)
    return result(
      'fleet',
      'fail',
      [`accepted one way only: a rotation half rolled out, or the minter promoted first`, ...lines].join('\n'),
    );
  if (neither)
    return result('fleet', 'fail', ["the instances refuse each other's state: no shared key", ...lines].join('\n'));
  if (unchecked) return result('fleet', 'pass', ['accepted where it could be checked', ...lines].join('\n'));
  return result('fleet', 'pass', ['accepted in both directions', ...lines].join('\n'));
}
