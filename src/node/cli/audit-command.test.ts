import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAudit } from '../../session/audit/audit.ts';
import { type AuditReport, type Scorecard } from '../../session/audit/audit-report.ts';
import { startMockServer, type MockServerHandle } from '../mock-server/start.ts';
import { formatAudit } from './audit-command.ts';
import { nodeDriver } from './node-driver.ts';

// Time is Date only, faked: the audit's waits move it on at once, and the mock in this process (its clock and the SDK's
// signed-state codec) sees the jump; timers and sockets keep running for real.
const now = () => Date.now();
const sleep = async (ms: number) => void vi.setSystemTime(Date.now() + ms);

let mock: MockServerHandle;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  mock = await startMockServer({ port: 0, shortTtlSeconds: 4 });
});
afterAll(async () => {
  await mock.close();
  vi.useRealTimers();
});

function audit(paths: string[], only: string[]): Promise<AuditReport> {
  const [server, ...fleet] = paths.map((p) => `${mock.url}${p}`) as [string, ...string[]];
  return runAudit({
    driver: nodeDriver(server),
    server,
    fleet,
    only,
    now,
    sleep,
  });
}

/** `{check: status}` of one scorecard, the shape the assertions compare. */
function statuses(card: Scorecard | undefined): Record<string, string> {
  return Object.fromEntries((card?.checks ?? []).map((c) => [c.id, c.status]));
}

const COMMON = {
  baseline: 'pass',
  missing: 'pass',
  decline: 'pass',
  cancel: 'pass',
  capability: 'pass',
  header: 'pass',
};

describe('audit against the mock variants', () => {
  it('tells signed, sealed, unprotected and short-TTL state apart when auditing the payment tools', async () => {
    const variants = ['signed', 'sealed', 'unprotected', 'short_ttl'].map((v) => `approve_payment_${v}`);
    const report = await audit(['/mcp'], variants);
    const card = (name: string) => report.scorecards.find((c) => c.name === name);
    expect(report.scorecards.map((c) => c.name)).toEqual(variants);
    expect(statuses(card('approve_payment_signed'))).toEqual({
      ...COMMON,
      tamper: 'pass',
      binding: 'pass',
      principal: 'skip',
      reuse: 'warn',
      opaque: 'warn',
      pinning: 'pass',
      fleet: 'skip',
      audience: 'skip',
      expiry: 'skip',
      frozen: 'pass',
    });
    expect(statuses(card('approve_payment_sealed'))).toMatchObject({
      tamper: 'pass',
      binding: 'pass',
      opaque: 'pass',
      expiry: 'skip',
      frozen: 'pass',
    });
    expect(statuses(card('approve_payment_unprotected'))).toMatchObject({
      tamper: 'fail',
      binding: 'fail',
      opaque: 'warn',
    });
    expect(statuses(card('approve_payment_short_ttl'))).toMatchObject({
      tamper: 'pass',
      binding: 'pass',
      expiry: 'pass',
      frozen: 'pass',
    });
    // the evidence says why: the signed state's exp is far, the sealed one shows none, the unprotected one was used
    expect(card('approve_payment_signed')!.checks.find((c) => c.id === 'expiry')!.evidence).toMatch(
      /not checked: the token expires in \d+ min: too long to wait/,
    );
    expect(card('approve_payment_sealed')!.checks.find((c) => c.id === 'expiry')!.evidence).toMatch(
      /not checked: the token carries no exp/,
    );
    const tamper = card('approve_payment_unprotected')!.checks.find((c) => c.id === 'tamper')!;
    expect(tamper.evidence).toMatch(/ACCEPTED, completed: Approved payment/);
    expect(tamper.spec).toMatch(/MUST reject state that fails verification/);
    // scores order the variants: sealed > short-TTL > signed > unprotected
    const pct = variants.map((v) => card(v)!.score.percent);
    expect(pct[1]).toBeGreaterThan(pct[0]!);
    // short-TTL passes one more check (expiry) than signed; both round to the same percent
    expect(pct[3]).toBeGreaterThanOrEqual(pct[0]!);
    expect(card('approve_payment_short_ttl')!.score.pass).toBeGreaterThan(card('approve_payment_signed')!.score.pass);
    expect(pct[2]).toBeLessThan(pct[0]!);
    const text = formatAudit(report);
    expect(text).toContain('FAIL  Tampered state is refused');
    expect(text).toContain('fix:  Sign (HMAC');
  }, 60_000);

  it('passes the cross-instance check on a shared-key fleet and fails it on a split one', async () => {
    const shared = await audit(['/fleet/shared/a', '/fleet/shared/b'], ['approve_payment_signed']);
    const split = await audit(['/fleet/split/a', '/fleet/split/b'], ['approve_payment_signed']);
    expect(statuses(shared.scorecards[0])).toMatchObject({ baseline: 'pass', fleet: 'pass' });
    expect(statuses(split.scorecards[0])).toMatchObject({ baseline: 'pass', fleet: 'fail' });
    const evidence = split.scorecards[0]!.checks.find((c) => c.id === 'fleet')!.evidence;
    expect(evidence.split('\n')[0]).toBe("the instances refuse each other's state: no shared key");
    expect(evidence).toContain('/fleet/split/b: 200 / -32602');
    expect(shared.scorecards[0]!.checks.find((c) => c.id === 'fleet')!.evidence).toMatch(
      /^accepted in both directions/,
    );
  }, 30_000);

  it('skips an instance that is down instead of reporting that the fleet shares no key', async () => {
    const server = `${mock.url}/fleet/shared/a`;
    const down = 'http://127.0.0.1:9/mcp';
    const report = await runAudit({
      driver: nodeDriver(server),
      server,
      fleet: [down],
      only: ['approve_payment_signed'],
      now,
      sleep,
    });
    const fleet = report.scorecards[0]!.checks.find((c) => c.id === 'fleet')!;
    expect(fleet.status).toBe('skip');
    expect(fleet.evidence.split('\n')).toEqual([
      'no other instance could be checked',
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:9\/mcp: not checked \(a fresh call there: transport: /),
    ]);
    // with a live instance beside it, the live one is checked both ways and the dead one named
    const both = await runAudit({
      driver: nodeDriver(server),
      server,
      fleet: [`${mock.url}/fleet/shared/b`, down],
      only: ['approve_payment_signed'],
      now,
      sleep,
    });
    const mixed = both.scorecards[0]!.checks.find((c) => c.id === 'fleet')!;
    expect(mixed.status).toBe('pass');
    expect(mixed.evidence).toMatch(/^accepted both ways where it could be checked\n/);
  }, 30_000);

  it("keeps another tool's own refusal of the state out of the frozen-error comparison", async () => {
    // the first other tool of the list is the unprotected one: it answers a foreign state with its own tool error
    const report = await audit(['/mcp'], ['approve_payment_signed', 'approve_payment_unprotected']);
    const signed = report.scorecards.find((c) => c.name === 'approve_payment_signed');
    expect(statuses(signed)).toMatchObject({ binding: 'pass', frozen: 'pass' });
    expect(signed!.checks.find((c) => c.id === 'binding')!.evidence).toContain(
      'another tool (approve_payment_unprotected): tool error: Malformed requestState',
    );
  }, 30_000);

  it('fails the baseline when one round-robin URL fronts instances with different keys', async () => {
    const report = await audit(['/fleet/split'], ['provision']);
    expect(statuses(report.scorecards[0])).toMatchObject({ baseline: 'fail' });
  }, 30_000);

  it('finds the prompts and templates that ask and leaves out tools that never ask', async () => {
    const report = await audit(['/mcp'], ['draft_email', 'report://2024/summary', 'list_workspace', 'regional_lookup']);
    expect(report.scorecards.map((c) => `${c.method} ${c.name}`)).toEqual([
      'tools/call list_workspace',
      'prompts/get draft_email',
      'resources/read report://2024/summary',
    ]);
    expect(report.notAsking.map((n) => n.name)).toEqual(['regional_lookup']);
    // list_workspace asks for roots only and keeps no state
    expect(statuses(report.scorecards[0])).toMatchObject({ tamper: 'skip', decline: 'skip', capability: 'pass' });
  }, 30_000);

  it('reports each check as it finishes and stops between checks when cancelled', async () => {
    const server = `${mock.url}/mcp`;
    const progress: string[] = [];
    const stop = new AbortController();
    const report = await runAudit({
      driver: nodeDriver(server),
      server,
      only: ['approve_payment_signed', 'approve_payment_sealed'],
      now,
      sleep,
      signal: stop.signal,
      onProgress: (p) => {
        progress.push(p.type === 'check' ? `check ${p.name} ${p.check.id} ${p.done}/${p.total}` : `${p.type}`);
        // stop after the fourth check of the first target
        if (p.type === 'check' && p.done === 4) stop.abort();
      },
    });
    expect(progress.slice(0, 6)).toEqual([
      'listing',
      'target',
      'check approve_payment_signed baseline 1/16',
      'check approve_payment_signed binding 2/16',
      'check approve_payment_signed principal 3/16',
      'check approve_payment_signed reuse 4/16',
    ]);
    expect(progress).toHaveLength(6);
    expect(report.cancelled).toBe(true);
    expect(report.scorecards).toEqual([]);
  }, 30_000);
});
