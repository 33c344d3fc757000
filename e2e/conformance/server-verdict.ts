/**
 * How the server runner scores one scenario from the checks the suite wrote (pure; tested in
 * server-verdict.test.ts). A scenario passes only when it has at least one SUCCESS or FAILURE check, no FAILURE,
 * and every WARNING or SKIPPED check is justified (scenario + check id + a reason, in server-runs.ts).
 */

/** One entry of the suite's `checks.json`. */
export interface Check {
  id: string;
  name?: string;
  description?: string;
  /** SUCCESS, FAILURE, WARNING, SKIPPED or INFO. */
  status: string;
  errorMessage?: string;
}

/** A WARNING or SKIPPED check accepted on purpose, and why. */
export interface Justification {
  scenario: string;
  check: string;
  status: 'WARNING' | 'SKIPPED';
  reason: string;
}

export interface Verdict {
  scenario: string;
  ok: boolean;
  passed: number;
  failed: number;
  warnings: number;
  skipped: number;
  /** Why the scenario failed, one line each. */
  problems: string[];
  /** Accepted warnings and skips, with their reasons. */
  notes: string[];
  /** The justifications this scenario used. */
  used: Justification[];
}

const oneLine = (text: string | undefined, max = 240): string => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function judge(
  scenario: string,
  checks: readonly Check[] | undefined,
  justified: readonly Justification[],
): Verdict {
  const verdict: Verdict = {
    scenario,
    ok: false,
    passed: 0,
    failed: 0,
    warnings: 0,
    skipped: 0,
    problems: [],
    notes: [],
    used: [],
  };
  if (checks === undefined) {
    verdict.problems.push('no results: the suite did not run this scenario or stopped before writing them');
    return verdict;
  }
  for (const check of checks) {
    switch (check.status) {
      case 'SUCCESS':
        verdict.passed++;
        break;
      case 'FAILURE':
        verdict.failed++;
        verdict.problems.push(`FAILURE ${check.id}: ${oneLine(check.errorMessage ?? check.description)}`);
        break;
      case 'WARNING':
      case 'SKIPPED': {
        if (check.status === 'WARNING') verdict.warnings++;
        else verdict.skipped++;
        const why = justified.find((j) => j.scenario === scenario && j.check === check.id && j.status === check.status);
        if (why) {
          verdict.used.push(why);
          verdict.notes.push(`${check.status} ${check.id} (accepted: ${why.reason})`);
        } else {
          verdict.problems.push(
            `${check.status} ${check.id} not justified: ${oneLine(check.errorMessage ?? check.description)}`,
          );
        }
        break;
      }
      case 'INFO':
        break;
      default:
        verdict.problems.push(`unknown check status ${JSON.stringify(check.status)} for ${check.id}`);
    }
  }
  if (verdict.passed + verdict.failed === 0)
    verdict.problems.push('0 checks: a run that checks nothing proves nothing');
  verdict.ok = verdict.problems.length === 0;
  return verdict;
}

/** `PASS  2026-07-28  tools-call-image  2/2 checks, 1 warning (accepted)  0.3 s` */
export function formatVerdict(v: Verdict, label: string, seconds: number | undefined, width = 46): string {
  const total = v.passed + v.failed;
  const extras = [
    v.warnings ? `${v.warnings} warning${v.warnings === 1 ? '' : 's'}` : '',
    v.skipped ? `${v.skipped} skipped` : '',
  ].filter(Boolean);
  const counts = `${v.passed}/${total} checks${extras.length ? `, ${extras.join(', ')}` : ''}`;
  const time = seconds === undefined ? '' : `${seconds.toFixed(1).padStart(5)} s`;
  return `${v.ok ? 'PASS' : 'FAIL'}  ${label}  ${v.scenario.padEnd(width)} ${counts.padEnd(30)} ${time}`.trimEnd();
}
