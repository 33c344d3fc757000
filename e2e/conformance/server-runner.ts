/**
 * Server conformance: runs the official suite (@modelcontextprotocol/conformance) against the bundled mock and the
 * page's demo server (the same mock as the service worker runs it, mounted in Node), for every run of server-runs.ts (a frozen requirement set plus extra scenarios), and scores each scenario (server-verdict.ts).
 *
 *   npm run test:conformance                          # every run of server-runs.ts
 *   npm run test:conformance -- tasks-lifecycle       # ... plus these scenarios, scored like the set
 *   npm run test:conformance -- --only caching        # only these scenarios (each run's wire revision)
 *   options: --run <label> (only that run; repeatable), --out <dir> (keep the suite's results),
 *            --concurrency <n> (suite processes at a time; default 2)
 *
 * A requirement set is one suite process (`server --requirements <rev>`: the suite runs the set's scenarios one after
 * another, and the scenarios it reports but does not score); an extra scenario outside that process is its own
 * process (`--scenario <name> --spec-version <rev>`). Processes run `--concurrency` at a time. Prints one line per
 * scored scenario and `N passed, M failed`; exits 1 on any failing scenario, any scenario with 0 checks, any
 * WARNING or SKIPPED check not justified in server-runs.ts, or a suite process that crashed or timed out.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveDemoInNode } from '../../src/node/mock-server/in-page/serve-in-node.ts';
import { startMockServer } from '../../src/node/mock-server/start.ts';
import { JUSTIFIED, SERVER_RUNS, type ConformanceTargets, type ServerRun } from './server-runs.ts';
import {
  findNode22,
  readRequirements,
  readResults,
  REPO_ROOT,
  runSuite,
  type ScenarioResult,
  type SuiteProcessResult,
} from './server-suite.ts';
import { formatVerdict, judge, type Justification, type Verdict } from './server-verdict.ts';

interface Options {
  extra: string[];
  only: boolean;
  runs: string[];
  out?: string;
  concurrency: number;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { extra: [], only: false, runs: [], concurrency: 2 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--only') opts.only = true;
    else if (arg === '--run') opts.runs.push(value());
    else if (arg === '--out') opts.out = value();
    else if (arg === '--concurrency') opts.concurrency = Math.max(1, Number(value()) || 1);
    else if (arg.startsWith('-'))
      throw new Error(`Unknown option ${arg} (see the header of e2e/conformance/server-runner.ts)`);
    else opts.extra.push(arg);
  }
  if (opts.only && opts.extra.length === 0) throw new Error('--only needs scenario names');
  return opts;
}

/** One suite process. */
interface Job {
  title: string;
  /** A whole requirement set (`--requirements`), not one scenario. */
  isSet: boolean;
  outDir: string;
  start: (url: string) => Promise<SuiteProcessResult>;
  result?: SuiteProcessResult;
}

/** What one run scores, and which job's output holds each scenario. */
interface PlannedRun {
  run: ServerRun;
  scored: string[];
  /** Scenarios the set's process also ran without scoring them (reported, never counted). */
  reportedOnly: string[];
  jobs: Job[];
  jobOf: Map<string, Job>;
}

function plan(run: ServerRun, opts: Options, node: string, root: string): PlannedRun {
  const base = join(root, run.label.replace(/[^A-Za-z0-9._-]/g, '_'));
  const specVersion = run.specVersion ?? run.requirements;
  const single = (scenario: string): Job => {
    if (specVersion === undefined) throw new Error(`Run ${run.label}: set specVersion for ${scenario}`);
    const outDir = join(base, 'single', scenario.replace(/[^A-Za-z0-9._-]/g, '_'));
    return {
      title: `${run.label} ${scenario}`,
      isSet: false,
      outDir,
      start: (url) => runSuite(node, { url, outDir, what: { scenario, specVersion }, timeoutMs: 120_000 }),
    };
  };
  const planned: PlannedRun = { run, scored: [], reportedOnly: [], jobs: [], jobOf: new Map() };
  if (opts.only) {
    for (const scenario of new Set(opts.extra)) {
      const job = single(scenario);
      planned.scored.push(scenario);
      planned.jobs.push(job);
      planned.jobOf.set(scenario, job);
    }
    return planned;
  }
  const extras = [...new Set([...(run.extra ?? []), ...opts.extra])];
  let covered = new Set<string>();
  if (run.requirements !== undefined) {
    const set = readRequirements(run.requirements);
    const requirements = run.requirements;
    const outDir = join(base, 'set');
    const job: Job = {
      title: `${run.label} --requirements ${requirements}`,
      isSet: true,
      outDir,
      start: (url) => runSuite(node, { url, outDir, what: { requirements }, timeoutMs: 600_000 }),
    };
    planned.jobs.push(job);
    covered = new Set([...set.required, ...set.notScored]);
    for (const scenario of covered) planned.jobOf.set(scenario, job);
    planned.scored.push(...set.required);
    planned.reportedOnly = set.notScored.filter((s) => !extras.includes(s));
  }
  for (const scenario of extras) {
    if (planned.scored.includes(scenario)) continue;
    planned.scored.push(scenario);
    if (covered.has(scenario)) continue;
    const job = single(scenario);
    planned.jobs.push(job);
    planned.jobOf.set(scenario, job);
  }
  return planned;
}

async function pool(jobs: Job[], limit: number, urlOf: (job: Job) => string): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      mkdirSync(job.outDir, { recursive: true });
      job.result = await job.start(urlOf(job));
      const r = job.result;
      const how = r.timedOut ? 'timed out' : `exit ${r.exitCode}`;
      console.log(`  [done ${((r.endedAt - r.startedAt) / 1000).toFixed(1)} s, ${how}] ${job.title}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
}

/** Seconds each scenario took: until the next one in the same process started, or until the process ended. */
function durations(job: Job, results: ScenarioResult[]): Map<string, number> {
  const sorted = [...results].sort((a, b) => a.startedAt - b.startedAt);
  const out = new Map<string, number>();
  sorted.forEach((r, i) => {
    const end = sorted[i + 1]?.startedAt ?? job.result?.endedAt ?? r.startedAt;
    out.set(r.scenario, Math.max(0, end - r.startedAt) / 1000);
  });
  return out;
}

interface RunOutcome {
  verdicts: Verdict[];
  processProblems: string[];
}

function score(p: PlannedRun): RunOutcome {
  const verdicts: Verdict[] = [];
  const processProblems: string[] = [];
  const byJob = new Map<Job, Map<string, ScenarioResult>>();
  for (const job of new Set(p.jobs)) {
    const names = [...p.jobOf].filter(([, j]) => j === job).map(([s]) => s);
    byJob.set(job, readResults(job.outDir, names));
    const r = job.result;
    if (r?.timedOut) processProblems.push(`${job.title}: the suite process timed out`);
  }
  const seconds = new Map<string, number>();
  for (const [job, results] of byJob) for (const [s, t] of durations(job, [...results.values()])) seconds.set(s, t);

  console.log(`\n${p.run.label}: ${p.scored.length} scored scenario(s)`);
  for (const scenario of p.scored) {
    const job = p.jobOf.get(scenario)!;
    const v = judge(scenario, byJob.get(job)?.get(scenario)?.checks, JUSTIFIED);
    const skipLine = job.result?.output.split('\n').find((l) => l.startsWith(`SKIPPED: scenario '${scenario}'`));
    if (skipLine !== undefined && v.problems.length === 1 && v.passed + v.failed === 0) v.problems = [skipLine];
    verdicts.push(v);
    console.log(formatVerdict(v, p.run.label, seconds.get(scenario)));
    for (const line of [...v.problems, ...v.notes]) console.log(`        ${line}`);
  }
  // With --requirements the suite exits 1 when a required scenario has a failed check: if every scenario passed
  // here, something went wrong that the results do not show (a crash after writing them, say). (With --scenario it
  // exits 0 even on failures, so only the results count there.)
  for (const job of new Set(p.jobs)) {
    const r = job.result;
    if (!job.isSet || !r || r.timedOut || r.exitCode === 0) continue;
    if (verdicts.filter((v) => p.jobOf.get(v.scenario) === job).every((v) => v.ok)) {
      processProblems.push(`${job.title}: the suite exited ${r.exitCode} though every scenario passed here`);
      console.log(r.output.trim().split('\n').slice(-15).join('\n'));
    }
  }
  if (p.reportedOnly.length > 0) {
    const setJob = p.jobOf.get(p.reportedOnly[0]!)!;
    const results = byJob.get(setJob) ?? new Map<string, ScenarioResult>();
    const lines = p.reportedOnly.map((s) => {
      const v = judge(s, results.get(s)?.checks, JUSTIFIED);
      return `${v.ok ? 'pass' : 'fail'} ${s} (${v.passed}/${v.passed + v.failed})`;
    });
    console.log(`  also run by the suite, not scored here: ${lines.join(', ')}`);
  }
  return { verdicts, processProblems };
}

function unusedJustifications(verdicts: Verdict[]): Justification[] {
  const used = new Set(verdicts.flatMap((v) => v.used));
  const ran = new Set(verdicts.map((v) => v.scenario));
  return JUSTIFIED.filter((j) => ran.has(j.scenario) && !used.has(j));
}

const opts = parseArgs(process.argv.slice(2));
const runs = SERVER_RUNS.filter((r) => opts.runs.length === 0 || opts.runs.includes(r.label));
if (runs.length === 0) throw new Error(`No run is labelled ${opts.runs.join(', ')}`);
const node = findNode22();
const suiteVersion = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/@modelcontextprotocol/conformance/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const root = opts.out ?? mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
const began = Date.now();
const targets: ConformanceTargets = { mock: await startMockServer({ port: 0 }), demo: await serveDemoInNode() };
let outcomes: RunOutcome[];
try {
  const planned = runs.map((run) => plan(run, opts, node, root));
  const jobs = planned.flatMap((p) => p.jobs);
  const urlOfJob = new Map(planned.flatMap((p) => p.jobs.map((j) => [j, p.run.url(targets)] as const)));
  console.log(
    `Conformance suite ${suiteVersion} (Node ${node}), mock at ${targets.mock.mcpUrl}, ` +
      `the in-page demo at ${targets.demo.mcpUrl}: ` +
      `${jobs.length} suite process(es), ${opts.concurrency} at a time`,
  );
  await pool(jobs, opts.concurrency, (job) => urlOfJob.get(job)!);
  outcomes = planned.map(score);
} finally {
  await Promise.all([targets.mock.close(), targets.demo.close()]);
  if (opts.out === undefined) rmSync(root, { recursive: true, force: true });
}

const verdicts = outcomes.flatMap((o) => o.verdicts);
const processProblems = outcomes.flatMap((o) => o.processProblems);
for (const j of unusedJustifications(verdicts)) {
  console.log(
    `note: justification for ${j.scenario} ${j.check} ${j.status} was not needed; remove it from server-runs.ts`,
  );
}
for (const line of processProblems) console.log(`FAIL  ${line}`);
const passed = verdicts.filter((v) => v.ok).length;
const failed = verdicts.length - passed;
const checks = verdicts.reduce((n, v) => n + v.passed + v.failed, 0);
const passedChecks = verdicts.reduce((n, v) => n + v.passed, 0);
const accepted = verdicts.reduce((n, v) => n + v.used.length, 0);
console.log(
  `\n${passed} passed, ${failed} failed (${passedChecks}/${checks} checks passed, ${accepted} accepted warning(s); ` +
    `${((Date.now() - began) / 1000).toFixed(1)} s)`,
);
if (opts.out !== undefined) console.log(`Suite results kept in ${root}`);
process.exit(failed > 0 || processProblems.length > 0 ? 1 : 0);
