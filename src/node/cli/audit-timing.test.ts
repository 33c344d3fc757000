import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendLeg } from '../../client/send-leg.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import { runAudit, type AuditOptions } from '../../session/audit/audit.ts';
import { type Scorecard } from '../../session/audit/audit-report.ts';
import { createDriver, DEFAULT_CLIENT_INFO_CLI } from '../../session/flows/driver.ts';
import { sealToken } from '../mock-server/seal/seal-tokens.fixtures.ts';
import { startMockServer, type MockServerHandle } from '../mock-server/start.ts';
import { identityOf } from './node-driver.ts';

// The audit's world is injected: a faked Date that its sleeps and every leg move on (half the link's delay on the way
// out, half on the way back), which the mock in this process sees too. A 3 s seal behind a slow link then ages out
// between a state's minting and its later use, exactly as on a real slow network, without waiting for it.
const TTL = 3;
const now = () => Date.now();
const advance = (ms: number) => void vi.setSystemTime(Date.now() + ms);
const sleep = async (ms: number) => advance(ms);

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

/** The audit of one seal variant's transfer_funds over a link that takes `legMs` per leg. */
function audit(variant: string, legMs: number, extra: Partial<AuditOptions> = {}): Promise<Scorecard | undefined> {
  const server = seal(variant);
  const driver = createDriver({
    now,
    connection: {
      url: server,
      protocolVersion: PROTOCOL_VERSION,
      clientInfo: DEFAULT_CLIENT_INFO_CLI,
      authorization: `Bearer ${alice}`,
    },
    send: async (c) => {
      advance(legMs / 2);
      const exchange = await sendLeg({
        url: c.url,
        headers: c.headers,
        body: c.body,
        fetch: (input, init) => globalThis.fetch(input, init),
        rpcId: c.rpcId,
        timeoutMs: 10_000,
      });
      advance(legMs / 2);
      return exchange;
    },
  });
  return runAudit({
    driver,
    server,
    only: ['transfer_funds'],
    now,
    sleep,
    secondIdentity: identityOf({ Authorization: `Bearer ${bob}` }),
    ...extra,
  }).then((r) => r.scorecards[0]);
}

const statuses = (card: Scorecard | undefined) => Object.fromEntries((card?.checks ?? []).map((c) => [c.id, c.status]));
const evidence = (card: Scorecard | undefined, id: string) => card?.checks.find((c) => c.id === id)?.evidence ?? '';

describe('the audit is not fooled by time (a 3 s seal behind a slow link)', () => {
  it('gives the method-only codec the same verdicts at 0 ms and at 450 ms per leg: binding, principal and tamper fail, decline and cancel pass', async () => {
    const fast = await audit('method-only', 0);
    expect(statuses(fast)).toMatchObject({
      tamper: 'fail',
      binding: 'fail',
      principal: 'fail',
      missing: 'pass',
      decline: 'pass',
      cancel: 'pass',
    });
    for (const legMs of [400, 450])
      expect(statuses(await audit('method-only', legMs)), `${legMs} ms`).toEqual(statuses(fast));
  }, 60_000);

  it('gives the strict seal the same verdicts at 0 ms and at 450 ms per leg, its refusals each checked by a control', async () => {
    const opts = { otherService: seal('strict-sibling'), expiryWaitSeconds: TTL + 1 };
    const fast = await audit('strict', 0, opts);
    expect(statuses(fast)).toMatchObject({
      tamper: 'pass',
      binding: 'pass',
      principal: 'pass',
      audience: 'pass',
      missing: 'pass',
      decline: 'pass',
      cancel: 'pass',
      expiry: 'pass',
      frozen: 'pass',
    });
    const slow = await audit('strict', 450, opts);
    expect(statuses(slow)).toEqual(statuses(fast));
    expect(evidence(slow, 'principal')).toMatch(/under the second identity: 200 \/ -32602 Invalid or expired/);
  }, 60_000);

  it('skips, saying so, a check whose state aged out before its control came back (2 s per leg)', async () => {
    const card = await audit('strict', 2000);
    // the variant is refused and the untouched state, resent 2 s later, is past the 3 s TTL: no evidence either way
    expect(statuses(card)).toMatchObject({ principal: 'skip', tamper: 'skip', binding: 'skip' });
    expect(evidence(card, 'principal')).toMatch(
      /the untouched state resent right after it as the control was not taken either \(200 \/ -32602 Invalid or expired requestState\): the state aged out/,
    );
  }, 60_000);
});
