/**
 * `mrtr-inspector audit --server URL [--server URL …] [--json] [--only a,b] [--junit|--sarif|--html FILE]
 * [--fail-on fail|warn]`: exit 0 when nothing fails (or warns, with `--fail-on warn`), 1 otherwise, 2 when nothing was
 * audited. The report files are renderers of the one JSON report.
 */
import { writeFile } from 'node:fs/promises';
import { runAudit } from '../../session/audit/audit.ts';
import {
  auditReportJson,
  legacyAuditNote,
  legacyEraReport,
  type AuditReport,
} from '../../session/audit/audit-report.ts';
import type { Command } from './args.ts';
import { auditEra } from './audit-era.ts';
import { auditJunit } from './audit-junit.ts';
import { auditSarif } from './audit-sarif.ts';
import { identityOf, nodeDriver } from './node-driver.ts';

const MARK = { pass: 'PASS', warn: 'WARN', fail: 'FAIL', skip: 'skip' } as const;

export function formatAudit(report: AuditReport): string {
  const lines: string[] = [
    `Audit of ${report.server}${report.fleet.length ? ` (fleet: ${report.fleet.join(', ')})` : ''}`,
    '',
  ];
  if (report.era) lines.push(legacyAuditNote(report.era.reason), '');
  for (const p of report.problems) lines.push(`note: ${p.method} failed: ${p.message}`);
  for (const card of report.scorecards) {
    const s = card.score;
    lines.push(
      `${card.method} ${card.name} (asks ${card.asks.join(', ') || 'nothing, state only'}): ${s.percent}%  ` +
        `[${s.pass} pass, ${s.warn} warn, ${s.fail} fail, ${s.skip} skipped]`,
    );
    for (const c of card.checks) {
      const [first, ...rest] = c.evidence.split('\n');
      lines.push(`  ${MARK[c.status]}  ${c.title}: ${first}`);
      if (c.status === 'fail' || c.status === 'warn') {
        for (const r of rest) lines.push(`          ${r}`);
        lines.push(`          spec: ${c.spec}`);
        lines.push(`          fix:  ${c.fix}`);
      }
    }
    lines.push('');
  }
  if (report.notAsking.length) {
    lines.push(`Not audited (their first answer asked nothing): ${report.notAsking.map((n) => n.name).join(', ')}`);
  }
  const failed = report.scorecards.filter((c) => c.score.fail > 0).length;
  lines.push(`${report.scorecards.length} audited, ${failed} with failures.`);
  return lines.join('\n');
}

export async function auditCommand(cmd: Extract<Command, { kind: 'audit' }>): Promise<number> {
  const [server, ...fleet] = cmd.servers as [string, ...string[]];
  const era = await auditEra(server, cmd.headers);
  const report =
    era.era === 'legacy' ? legacyEraReport(server, fleet, era.reason) : await runModernAudit(cmd, server, fleet);
  console.log(cmd.json ? auditReportJson(report) : formatAudit(report));
  await writeReports(report, cmd);
  return auditExitCode(report, cmd.failOn);
}

function runModernAudit(
  cmd: Extract<Command, { kind: 'audit' }>,
  server: string,
  fleet: string[],
): Promise<AuditReport> {
  return runAudit({
    driver: nodeDriver(server, undefined, cmd.headers),
    server,
    fleet,
    only: cmd.only,
    // the second identity replaces the first one's headers of the same name and keeps the others
    ...(cmd.secondIdentity ? { secondIdentity: identityOf({ ...cmd.headers, ...cmd.secondIdentity }) } : {}),
    ...(cmd.expiryWait !== undefined ? { expiryWaitSeconds: cmd.expiryWait } : {}),
    ...(cmd.otherService ? { otherService: cmd.otherService } : {}),
    unusable: cmd.unusable,
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    onScorecard: cmd.json
      ? undefined
      : (card) => console.error(`audited ${card.method} ${card.name}: ${card.score.percent}%`),
  });
}

/** The report files asked for (`--junit`, `--sarif`, `--html`); the page's renderer loads only when asked. */
async function writeReports(report: AuditReport, cmd: Extract<Command, { kind: 'audit' }>): Promise<void> {
  const { junit, sarif, html } = cmd.reports;
  if (junit) await writeFile(junit, auditJunit(report, cmd.failOn));
  if (sarif) await writeFile(sarif, `${JSON.stringify(auditSarif(report), null, 2)}\n`);
  if (html) {
    const { auditHtml } = await import('./audit-html.tsx');
    await writeFile(html, auditHtml(report));
  }
}

/**
 * 0 for a 2025-11-25 server (the audit does not apply there, and says so: nothing failed); 2: nothing audited (no
 * target listed, the server unreachable); 1: a check failed (or warned, with `failOn` warn); 0 otherwise. */
export function auditExitCode(report: AuditReport, failOn: 'fail' | 'warn'): number {
  if (report.era) return 0;
  if (!report.scorecards.length && !report.notAsking.length) return 2;
  const bad = (s: AuditReport['scorecards'][number]['score']) => s.fail > 0 || (failOn === 'warn' && s.warn > 0);
  return report.scorecards.some((c) => bad(c.score)) ? 1 : 0;
}
