import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAudit, type AuditOptions } from '../../session/audit/audit.ts';
import { type Scorecard } from '../../session/audit/audit-report.ts';
import { sealToken } from '../mock-server/seal/seal-tokens.fixtures.ts';
import { startMockServer, type MockServerHandle } from '../mock-server/start.ts';
import { identityOf, nodeDriver } from './node-driver.ts';

// Time is Date only, faked: the audit's waits move it on at once, and the mock in this process sees the jump.
const now = () => Date.now();
const sleep = async (ms: number) => void vi.setSystemTime(Date.now() + ms);
const TTL = 30;

let mock: MockServerHandle;
let alice: string;
let bob: string;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  mock = await startMockServer({ port: 0, authAutoApprove: true, sealTtlSeconds: TTL });
  alice = await sealToken(mock.url, 'alice');
  bob = await sealToken(mock.url, 'bob');
}, 30_000);
afterAll(async () => {
  await mock.close();
  vi.useRealTimers();
});

const seal = (variant: string) => `${mock.url}/seal/${variant}/mcp`;

function audit(
  servers: string[],
  only: string[],
  extra: Partial<AuditOptions> & { as?: string } = {},
): ReturnType<typeof runAudit> {
  const [server, ...fleet] = servers as [string, ...string[]];
  const headers: Record<string, string> = extra.as === undefined ? {} : { Authorization: `Bearer ${extra.as}` };
  return runAudit({ driver: nodeDriver(server, undefined, headers), server, fleet, only, now, sleep, ...extra });
}

function statuses(card: Scorecard | undefined): Record<string, string> {
  return Object.fromEntries((card?.checks ?? []).map((c) => [c.id, c.status]));
}
const evidence = (card: Scorecard | undefined, id: string) => card?.checks.find((c) => c.id === id)?.evidence ?? '';

describe('audit against the sealed endpoints (every protection a seal promises)', () => {
  it('passes every check on the strict seal, with two users, a sibling service and a wait past the TTL', async () => {
    const report = await audit([seal('strict')], ['transfer_funds'], {
      as: alice,
      secondIdentity: identityOf({ Authorization: `Bearer ${bob}` }),
      otherService: seal('strict-sibling'),
      expiryWaitSeconds: TTL + 1,
    });
    const card = report.scorecards[0];
    expect(statuses(card)).toEqual({
      baseline: 'pass',
      tamper: 'pass',
      binding: 'pass',
      principal: 'pass',
      reuse: 'warn',
      missing: 'pass',
      decline: 'pass',
      cancel: 'pass',
      capability: 'pass',
      header: 'pass',
      opaque: 'pass',
      pinning: 'pass',
      fleet: 'skip',
      audience: 'pass',
      expiry: 'pass',
      frozen: 'pass',
    });
    expect(evidence(card, 'binding')).toMatch(/^refused on all 3 \(other arguments, another tool, another method\)/);
    expect(evidence(card, 'binding')).toContain('another tool (close_account)');
    expect(evidence(card, 'binding')).toContain('another method (prompts/get statement)');
    expect(evidence(card, 'principal')).toMatch(
      /under the second identity: 200 \/ -32602 Invalid or expired requestState/,
    );
    expect(evidence(card, 'audience')).toContain(`to ${seal('strict-sibling')}: 200 / -32602`);
    expect(evidence(card, 'expiry')).toMatch(new RegExp(`resent round 1's state ${TTL + 1} s after it was minted`));
    expect(evidence(card, 'opaque')).toMatch(/^sealed: a v1\. token whose body does not decode/);
    expect(evidence(card, 'pinning')).toMatch(/each question was asked once/);
  }, 60_000);

  it('fails the principal check when state ignores the user', async () => {
    const report = await audit([seal('no-principal')], ['transfer_funds'], {
      as: alice,
      secondIdentity: identityOf({ Authorization: `Bearer ${bob}` }),
    });
    const card = report.scorecards[0];
    expect(statuses(card)).toMatchObject({ principal: 'fail', binding: 'pass', tamper: 'pass', audience: 'skip' });
    expect(evidence(card, 'principal')).toMatch(/ACCEPTED, completed: Transferred 120 EUR/);
    expect(card?.checks.find((c) => c.id === 'principal')?.fix).toMatch(/client, issuer and subject/);
  }, 60_000);

  it("fails binding and warns on a readable payload for the TS SDK's codec bound to the method only", async () => {
    const report = await audit([seal('method-only')], ['transfer_funds'], {
      as: alice,
      secondIdentity: identityOf({ Authorization: `Bearer ${bob}` }),
    });
    const card = report.scorecards[0];
    // the tamper matrix's "state from another tool" row is the same weakness seen from the tamper side
    expect(statuses(card)).toMatchObject({ binding: 'fail', opaque: 'warn', principal: 'fail', tamper: 'fail' });
    expect(evidence(card, 'tamper')).toMatch(/State from another tool \(close_account · round 1\): ACCEPTED/);
    const binding = evidence(card, 'binding');
    expect(binding.split('\n')[0]).toBe('accepted on other arguments and another tool');
    expect(binding).toMatch(/another method \(prompts\/get statement\): 200 \/ -32602/);
    expect(evidence(card, 'opaque')).toMatch(/TypeScript SDK signed state.*"q":\{"confirm"/);
  }, 60_000);

  it('warns when the question is built from per-call data, and passes the one re-ask after a redeploy', async () => {
    const perCall = (await audit([seal('per-call-message')], ['transfer_funds'], { as: alice })).scorecards[0];
    expect(statuses(perCall)).toMatchObject({ pinning: 'warn', baseline: 'skip' });
    expect(evidence(perCall, 'pinning')).toMatch(/asked again after every valid answer, with a new message each round/);
    expect(perCall?.checks.find((c) => c.id === 'pinning')?.fix).toMatch(/not from per-call data/);
    const redeploy = (await audit([seal('redeploy')], ['transfer_funds'], { as: alice })).scorecards[0];
    expect(statuses(redeploy)).toMatchObject({ pinning: 'pass', baseline: 'pass' });
    expect(evidence(redeploy, 'pinning')).toContain(
      '"Transfer 120 EUR to ACME?" -> "Please confirm: send 120 EUR to ACME."',
    );
  }, 60_000);

  it('fails the audience check at a sibling that shares the key and checks no audience', async () => {
    const card = (
      await audit([seal('no-audience')], ['transfer_funds'], { as: alice, otherService: seal('no-audience-sibling') })
    ).scorecards[0];
    expect(statuses(card)).toMatchObject({ audience: 'fail', principal: 'skip' });
    expect(evidence(card, 'audience')).toMatch(/ACCEPTED \(no audience/);
    expect(evidence(card, 'principal')).toMatch(/no second identity: give another user's token/);
  }, 60_000);

  it('names each option it cannot use as a skip with its reason, and runs the other checks', async () => {
    const card = (
      await audit([seal('strict')], ['transfer_funds'], {
        as: alice,
        secondIdentity: identityOf({ Authorization: 'Bearer not-a-token' }),
        otherService: 'http://127.0.0.1:9/mcp',
        unusable: { expiry: '--expiry-wait must be a number of seconds above 0 (at most 86400), got "soon"' },
      })
    ).scorecards[0];
    // the tamper evidence names each mutation and the server's answer to it, should one ever be accepted here
    expect(statuses(card), evidence(card, 'tamper')).toMatchObject({
      principal: 'skip',
      audience: 'skip',
      expiry: 'skip',
      tamper: 'pass',
      binding: 'pass',
    });
    expect(evidence(card, 'principal')).toMatch(
      /refused the second identity outright \(a fresh call as it: HTTP 401\)/,
    );
    expect(evidence(card, 'audience')).toMatch(
      /^not checked: http:\/\/127\.0\.0\.1:9\/mcp cannot serve transfer_funds/,
    );
    expect(evidence(card, 'expiry')).toContain('got "soon"');
  }, 60_000);

  it('reports a fleet accepting both ways as shared, and one way only as a rotation done in the wrong order', async () => {
    const rot = (step: string, i: string) => `${mock.url}/seal/rotation/${step}/${i}/mcp`;
    const half = (await audit([rot('mint-new-half', 'a'), rot('mint-new-half', 'b')], ['transfer_funds']))
      .scorecards[0];
    expect(statuses(half)).toMatchObject({ fleet: 'pass', baseline: 'pass' });
    expect(evidence(half, 'fleet')).toMatch(/^accepted in both directions/);
    const wrong = (await audit([rot('minter-first', 'a'), rot('minter-first', 'b')], ['transfer_funds'])).scorecards[0];
    expect(statuses(wrong)).toMatchObject({ fleet: 'fail' });
    expect(evidence(wrong, 'fleet').split('\n')).toEqual([
      'accepted one way only: a rotation half rolled out, or the minter promoted first',
      `state minted on ${rot('minter-first', 'a')}, retried on ${rot('minter-first', 'b')}: 200 / -32602 Invalid or expired requestState`,
      expect.stringMatching(/^state minted on .*\/b\/mcp, retried on .*\/a\/mcp: completed: Transferred 120 EUR/),
    ]);
  }, 60_000);
});
