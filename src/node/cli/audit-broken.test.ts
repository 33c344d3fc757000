import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendLeg } from '../../client/send-leg.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import { runAudit } from '../../session/audit/audit.ts';
import { type Scorecard } from '../../session/audit/audit-report.ts';
import { createDriver, DEFAULT_CLIENT_INFO_CLI } from '../../session/flows/driver.ts';
import { sealToken } from '../mock-server/seal/seal-tokens.fixtures.ts';
import { startMockServer, type MockServerHandle } from '../mock-server/start.ts';
import { identityOf } from './node-driver.ts';

let mock: MockServerHandle;
let alice: string;
let bob: string;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, authAutoApprove: true });
  alice = await sealToken(mock.url, 'alice');
  bob = await sealToken(mock.url, 'bob');
}, 30_000);
afterAll(() => mock.close());

const seal = (variant: string) => `${mock.url}/seal/${variant}/mcp`;
const INTERNAL_ERROR = JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error' } });

/**
 * A link that breaks some answers: a state the server never handed out (every tamper row) and every leg of the second
 * identity get an HTTP 500, and the other service is unreachable. The server itself is the method-only codec, which
 * accepts state on another tool and another user: only a broken answer could make those checks pass.
 */
function brokenFetch(): typeof fetch {
  const minted = new Set<string>();
  return async (input, init) => {
    const url = String(input);
    const body = typeof init?.body === 'string' ? init.body : '';
    const headers = new Headers(init?.headers);
    if (url.includes('unreachable')) throw new TypeError('fetch failed: connect ECONNREFUSED');
    const state = /"requestState":"([^"]*)"/.exec(body)?.[1];
    const foreign = state !== undefined && !minted.has(state);
    if (headers.get('authorization') === `Bearer ${bob}` || foreign)
      return new Response(INTERNAL_ERROR, { status: 500, headers: { 'content-type': 'application/json' } });
    const response = await fetch(input, init);
    const text = await response.text();
    for (const m of text.matchAll(/"requestState":"([^"]*)"/g)) minted.add(m[1]!);
    return new Response(text, { status: response.status, headers: response.headers });
  };
}

async function audit(): Promise<Scorecard | undefined> {
  const server = seal('method-only');
  const fetchBroken = brokenFetch();
  const driver = createDriver({
    now: () => Date.now(),
    connection: {
      url: server,
      protocolVersion: PROTOCOL_VERSION,
      clientInfo: DEFAULT_CLIENT_INFO_CLI,
      authorization: `Bearer ${alice}`,
    },
    send: (c) =>
      sendLeg({ url: c.url, headers: c.headers, body: c.body, fetch: fetchBroken, rpcId: c.rpcId, timeoutMs: 10_000 }),
  });
  const report = await runAudit({
    driver,
    server,
    only: ['transfer_funds'],
    now: () => Date.now(),
    sleep: async () => {},
    secondIdentity: identityOf({ Authorization: `Bearer ${bob}` }),
    otherService: 'http://unreachable.invalid/mcp',
  });
  return report.scorecards[0];
}

describe('a broken answer is no refusal', () => {
  it('skips, saying why, the checks whose variants got an HTTP 500 or no answer at all', async () => {
    const card = await audit();
    const check = (id: string) => card?.checks.find((c) => c.id === id);
    // the second identity's HTTP 500 is no refusal of the state
    expect(check('principal')?.status).toBe('skip');
    expect(check('principal')?.evidence).toMatch(/HTTP 500/);
    // every row with a state the server never minted answered 500, which refuses nothing; the state just minted for
    // another tool reaches the server, which takes it
    const tamper = check('tamper')?.evidence.split('\n') ?? [];
    expect(check('tamper')?.status).toBe('fail');
    expect(tamper.filter((l) => /^State from another tool .*: ACCEPTED/.test(l))).toHaveLength(1);
    const flips = tamper.filter((l) => /^(Flip|Truncate|Empty)/.test(l));
    expect(flips.length).toBeGreaterThan(2);
    for (const line of flips) expect(line).toMatch(/not checked: the answer to .* was broken \(HTTP 500: /);
    expect(check('audience')?.status).toBe('skip');
    expect(card?.checks.filter((c) => c.status === 'pass').map((c) => c.id)).not.toEqual(
      expect.arrayContaining(['principal', 'tamper', 'audience', 'expiry']),
    );
    // the state moved onto another tool still reaches the server, which takes it
    expect(check('binding')?.status).toBe('fail');
  }, 60_000);
});
