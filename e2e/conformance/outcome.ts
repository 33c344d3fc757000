/** Pure parts of the client runner: the frozen scenario list, and what a scenario's checks mean. */
import type { ExpectedFailure } from './expected-failures.ts';

/** The `client:` list of a frozen requirements file (`requirements/<revision>.yaml` in the suite). */
export function clientScenarios(yamlText: string): string[] {
  const out: string[] = [];
  let inClient = false;
  for (const line of yamlText.split('\n')) {
    if (/^\S/.test(line)) {
      inClient = /^client:\s*$/.test(line);
      continue;
    }
    const item = inClient ? /^ {2}- ([A-Za-z0-9_./-]+)\s*$/.exec(line) : null;
    if (item) out.push(item[1]!);
  }
  return out;
}

export interface Check {
  id: string;
  name?: string;
  status: string;
  errorMessage?: string;
}

type Verdict = 'passed' | 'failed' | 'expected failure' | 'unexpectedly passed' | 'no checks';

export interface ScenarioResult {
  scenario: string;
  verdict: Verdict;
  /** true when the verdict breaks the run */
  breaks: boolean;
  checks: number;
  failed: number;
  warnings: number;
  /** short text: failing check names, the driver's error, or the expected failure's reason */
  note: string;
}

/**
 * A scenario passes when it reported at least one check, none FAILED and the driver finished its journey. SKIPPED and
 * INFO checks neither pass nor fail it; WARNING is counted and shown.
 */
export function judge(
  scenario: string,
  checks: readonly Check[],
  driverError: string | undefined,
  expected: ExpectedFailure | undefined,
): ScenarioResult {
  const failedChecks = checks.filter((c) => c.status === 'FAILURE');
  const warnings = checks.filter((c) => c.status === 'WARNING').length;
  const base = { scenario, checks: checks.length, failed: failedChecks.length, warnings };
  if (checks.length === 0) {
    return { ...base, verdict: 'no checks', breaks: true, note: driverError ?? 'the scenario reported 0 checks' };
  }
  const ok = failedChecks.length === 0 && driverError === undefined;
  if (expected) {
    return ok
      ? { ...base, verdict: 'unexpectedly passed', breaks: true, note: 'remove it from expected-failures.ts' }
      : { ...base, verdict: 'expected failure', breaks: false, note: expected.reason };
  }
  if (ok) return { ...base, verdict: 'passed', breaks: false, note: '' };
  const names = [...new Set(failedChecks.map((c) => c.name ?? c.id))];
  const parts = [names.length ? `failed: ${names.join(', ')}` : '', driverError ?? ''].filter(Boolean);
  return { ...base, verdict: 'failed', breaks: true, note: parts.join('; ') };
}

/** The driver's failure as the suite reports it ("Client exited with code 1", "Client timed out after 60000ms"). */
export function driverErrorOf(cliOutput: string, clientStderr: string): string | undefined {
  const exited = /Client exited with code (\d+)/.exec(cliOutput);
  const timedOut = /Client timed out after (\d+)ms/.exec(cliOutput);
  if (!exited && !timedOut) return undefined;
  const line = clientStderr
    .split('\n')
    .find((l) => l.startsWith('driver:'))
    ?.slice(0, 300);
  if (timedOut) return `the journey timed out after ${timedOut[1]} ms${line ? ` (${line})` : ''}`;
  return line ?? `the driver exited with code ${exited![1]}`;
}
