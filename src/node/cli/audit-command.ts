/** `mrtr-inspector audit --server URL [--server URL …] [--json] [--only a,b]`: exit 0 when nothing fails, 1 otherwise. */
import { auditReportJson, runAudit, type AuditReport } from '../../session/flows/audit.ts';
import type { Command } from './args.ts';
import { identityOf, nodeDriver } from './node-driver.ts';

const MARK = { pass: 'PASS', warn: 'WARN', fail: 'FAIL', skip: 'skip' } as const;

export function formatAudit(report: AuditReport): string {
  const lines: string[] = [
    `Audit of ${report.server}${report.fleet.length ? ` (fleet: ${report.fleet.join(', ')})` : ''}`,
    '',
  ];
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
  const report = await runAudit({
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
  console.log(cmd.json ? auditReportJson(report) : formatAudit(report));
  if (!report.scorecards.length && !report.notAsking.length) return 2;
  return report.scorecards.some((c) => c.score.fail > 0) ? 1 : 0;
}
