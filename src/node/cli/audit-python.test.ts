/**
 * The audit against an independent server: the Python SDK's MCPServer with its requestState seal (shared keys, a 2 s
 * TTL, two users of one OAuth client, a second service with the same key under another name). The command line runs
 * as a user would run it; every protection the seal promises must pass. Skipped, saying why, only when Python or the
 * `mcp` package cannot be had on this machine.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../session/audit/audit-report.ts';
import { pythonSealEnv, startPythonSeal, type PythonSeal } from '../test-servers/python-seal.fixtures.ts';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), 'main.ts');
const KEY = 'audit-test-key-0123456789abcdef-0123456789';
const TTL = 2;

let skip: string | undefined;
let bank: PythonSeal | undefined;
let ledger: PythonSeal | undefined;
beforeAll(async () => {
  const env = pythonSealEnv();
  if ('skip' in env) {
    skip = env.skip;
    return;
  }
  [bank, ledger] = await Promise.all([
    startPythonSeal(env.python, { name: 'py-bank', key: KEY, ttlSeconds: TTL }),
    startPythonSeal(env.python, { name: 'py-ledger', key: KEY, ttlSeconds: TTL }),
  ]);
}, 300_000);
afterAll(async () => {
  await Promise.all([bank?.close(), ledger?.close()]);
});

describe('audit against the Python SDK seal (mcp 2.3.0)', () => {
  it('passes tamper, binding, principal, audience, expiry, frozen and opaque', async (ctx) => {
    if (skip) ctx.skip(skip);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        MAIN,
        'audit',
        '--server',
        bank!.url,
        '--only',
        'transfer_funds',
        '--header',
        'Authorization: Bearer alice-token',
        '--second-identity-header',
        'Authorization: Bearer bob-token',
        '--other-service',
        ledger!.url,
        '--expiry-wait',
        String(TTL + 1),
        '--json',
      ],
      { timeout: 120_000 },
    );
    const report = JSON.parse(stdout) as AuditReport;
    const card = report.scorecards[0]!;
    const status = Object.fromEntries(card.checks.map((c) => [c.id, c.status]));
    const evidence = Object.fromEntries(card.checks.map((c) => [c.id, c.evidence]));
    expect(status).toMatchObject({
      baseline: 'pass',
      tamper: 'pass',
      binding: 'pass',
      principal: 'pass',
      audience: 'pass',
      expiry: 'pass',
      frozen: 'pass',
      opaque: 'pass',
      pinning: 'pass',
    });
    // the Python SDK answers every bad state with its one frozen error, over HTTP 400
    expect(evidence.frozen).toMatch(
      /^1 distinct answer\(s\) to \d+ bad states:\n\d+× .*400 \/ -32602 Invalid or expired requestState/,
    );
    expect(evidence.binding).toMatch(/^refused on all 3 \(other arguments, another tool, another method\)/);
    expect(evidence.principal).toContain('under the second identity: 400 / -32602');
    expect(evidence.audience).toContain(`to ${ledger!.url}: 400 / -32602`);
    expect(evidence.expiry).toContain(`${TTL + 1} s after it was minted (the token shows no exp): 400 / -32602`);
    // a v1. token whose body is no JSON: sealed, nothing readable (not "TypeScript SDK signed state")
    expect(evidence.opaque).toMatch(/^sealed: a v1\. token whose body does not decode/);
  }, 180_000);
});
