/**
 * `mrtr-inspector audit --junit FILE`: the JSON report as JUnit XML, one testsuite per audited target and one
 * testcase per check. A failed check is a `<failure>` (and a warning too with `--fail-on warn`), a skipped check is
 * `<skipped>` with its reason; a listing the server refused is an `<error>`. Every text is escaped.
 */
import type { CheckResult } from '../../session/audit/audit-checks.ts';
import { legacyAuditNote, type AuditReport } from '../../session/audit/audit-report.ts';
import { xml } from './replay-command.ts';

/** The spec text and the fix under the evidence: what the CI log shows for a failure. */
function detail(c: CheckResult): string {
  return `${c.evidence}\nspec: ${c.spec}\nfix: ${c.fix}`;
}

function testcase(classname: string, c: CheckResult, failOn: 'fail' | 'warn'): string {
  const open = `    <testcase classname="${xml(classname)}" name="${xml(`${c.id}: ${c.title}`)}"`;
  const first = c.evidence.split('\n')[0] ?? '';
  if (c.status === 'fail' || (c.status === 'warn' && failOn === 'warn'))
    return `${open}>\n      <failure type="${c.status}" message="${xml(first)}">${xml(detail(c))}</failure>\n    </testcase>`;
  if (c.status === 'skip') return `${open}>\n      <skipped message="${xml(first)}"/>\n    </testcase>`;
  if (c.status === 'warn')
    return `${open}>\n      <system-out>${xml(`WARN ${detail(c)}`)}</system-out>\n    </testcase>`;
  return `${open}/>`;
}

export function auditJunit(report: AuditReport, failOn: 'fail' | 'warn' = 'fail'): string {
  const failing = (c: CheckResult) => c.status === 'fail' || (c.status === 'warn' && failOn === 'warn');
  const suites = report.scorecards.map((card) => {
    const target = `${card.method} ${card.name}`;
    const failures = card.checks.filter(failing).length;
    const skipped = card.checks.filter((c) => c.status === 'skip').length;
    return [
      `  <testsuite name="${xml(target)}" tests="${card.checks.length}" failures="${failures}" errors="0" skipped="${skipped}">`,
      ...card.checks.map((c) => testcase(target, c, failOn)),
      '  </testsuite>',
    ].join('\n');
  });
  if (report.problems.length)
    suites.push(
      [
        `  <testsuite name="listing" tests="${report.problems.length}" failures="0" errors="${report.problems.length}" skipped="0">`,
        ...report.problems.map(
          (p) =>
            `    <testcase classname="listing" name="${xml(p.method)}">\n      <error message="${xml(p.message)}"/>\n    </testcase>`,
        ),
        '  </testsuite>',
      ].join('\n'),
    );
  // a 2025-11-25 server: one skipped case that says why nothing was scored
  if (report.era)
    suites.push(
      [
        `  <testsuite name="era" tests="1" failures="0" errors="0" skipped="1">`,
        `    <testcase classname="era" name="${xml(report.era.version)}">\n      <skipped message="${xml(legacyAuditNote(report.era.reason))}"/>\n    </testcase>`,
        '  </testsuite>',
      ].join('\n'),
    );
  const checks = report.scorecards.flatMap((c) => c.checks);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(`mrtr-inspector audit ${report.server}`)}" tests="${checks.length + report.problems.length + (report.era ? 1 : 0)}" failures="${checks.filter(failing).length}" errors="${report.problems.length}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
