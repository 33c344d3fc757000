// the official SARIF 2.1.0 schema (draft-04), as Microsoft's SARIF SDK ships it
import SARIF_SCHEMA from '@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json' with { type: 'json' };
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAudit } from '../../session/audit/audit.ts';
import { type AuditReport } from '../../session/audit/audit-report.ts';
import { startMockServer, type MockServerHandle } from '../mock-server/start.ts';
import { auditCommand, auditExitCode } from './audit-command.ts';
import { auditHtml, PAGE_CLASSES } from './audit-html.tsx';
import { auditJunit } from './audit-junit.ts';
import { auditSarif } from './audit-sarif.ts';
import { nodeDriver } from './node-driver.ts';

const HOSTILE = '<img src=x onerror="alert(1)"> & </testcase><script>alert(2)</script>';

let mock: MockServerHandle;
let report: AuditReport;
beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
  const server = `${mock.url}/mcp`;
  report = await runAudit({
    driver: nodeDriver(server),
    server,
    only: ['approve_payment_unprotected', 'approve_payment_sealed'],
    now: () => Date.now(),
    sleep: async () => {},
  });
}, 30_000);
afterAll(() => mock.close());

/** The same report with a server that answers markup: its evidence and a target's name. */
function hostile(): AuditReport {
  const [first, ...rest] = report.scorecards;
  return {
    ...report,
    problems: [{ method: 'resources/templates/list', message: HOSTILE }],
    scorecards: [
      {
        ...first!,
        name: HOSTILE,
        checks: first!.checks.map((c) => (c.status === 'fail' ? { ...c, evidence: HOSTILE } : c)),
      },
      ...rest,
    ],
  };
}

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;
const all = () => report.scorecards.flatMap((c) => c.checks);

describe('the audit report files', () => {
  it('writes JUnit: one test case per check per target, failures with spec and fix, skips with the reason', () => {
    expect(report.scorecards.map((c) => c.name)).toEqual(['approve_payment_sealed', 'approve_payment_unprotected']);
    const xml = auditJunit(report);
    expect(count(xml, /<testcase /g)).toBe(all().length);
    expect(count(xml, /<testsuite /g)).toBe(2);
    expect(count(xml, /<failure /g)).toBe(all().filter((c) => c.status === 'fail').length);
    expect(count(xml, /<skipped /g)).toBe(all().filter((c) => c.status === 'skip').length);
    expect(xml).toContain(
      'classname="tools/call approve_payment_unprotected" name="tamper: Tampered state is refused"',
    );
    expect(xml).toMatch(/<failure type="fail" [^>]*>[^<]*spec: Multi Round-Trip Requests[^<]*fix: Sign \(HMAC/);
    // with --fail-on warn a warning is a failure too
    const warnings = all().filter((c) => c.status === 'warn').length;
    expect(warnings).toBeGreaterThan(0);
    expect(count(auditJunit(report, 'warn'), /<failure /g)).toBe(count(xml, /<failure /g) + warnings);
  });

  it('escapes what the server said in JUnit', () => {
    const xml = auditJunit(hostile());
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('</testcase><script');
    expect(xml).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;/testcase&gt;');
    expect(xml).toMatch(/<error message="&lt;img/);
  });

  it('writes SARIF 2.1.0 that the official schema accepts: each failure and warning a result with spec and fix', () => {
    // the schema writes one pattern that is no valid unicode regular expression
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(SARIF_SCHEMA);
    for (const r of [report, hostile()]) {
      const log = auditSarif(r);
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    }
    const log = auditSarif(report) as {
      runs: { results: { ruleId: string; level: string; message: { text: string } }[] }[];
    };
    const results = log.runs[0]!.results;
    expect(results).toHaveLength(all().filter((c) => c.status === 'fail' || c.status === 'warn').length);
    const tamper = results.find((x) => x.ruleId === 'tamper' && x.level === 'error');
    expect(tamper?.message.text).toMatch(/^tools\/call approve_payment_unprotected: Tampered state is refused\./);
    expect(tamper?.message.text).toMatch(/Spec: .*MUST reject state that fails verification/);
    expect(tamper?.message.text).toMatch(/Fix: Sign \(HMAC/);
    expect(results.some((x) => x.level === 'warning')).toBe(true);
  });

  it('writes one self-contained page of the scorecards as the app shows them, every server text escaped', () => {
    const page = auditHtml(hostile());
    expect(page).toMatch(/^<!doctype html>/);
    // the app's scorecard view: its labelled articles and check rows
    for (const card of report.scorecards.slice(1))
      expect(page).toContain(`aria-label="Scorecard ${card.method} ${card.name}"`);
    expect(page).toContain('aria-label="FAIL Tampered state is refused"');
    expect(page).toContain('<dt class="font-semibold">Fix</dt>');
    // nothing to load, nothing to run, and the server's markup is text
    const tags = [...page.matchAll(/<([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/gi)];
    const names = new Set(tags.map((t) => t[1]!.toLowerCase()));
    const attributes = new Set(tags.flatMap((t) => [...t[2]!.matchAll(/\s([a-z-]+)="[^"]*"/gi)].map((a) => a[1]!)));
    expect([...names].filter((n) => ['script', 'link', 'img', 'iframe', 'object', 'embed', 'a'].includes(n))).toEqual(
      [],
    );
    expect([...attributes].sort()).toEqual(['aria-label', 'charset', 'class', 'content', 'lang', 'name', 'role']);
    expect(page).not.toMatch(/@import|url\(/i);
    expect(page).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    // every class the view draws is styled by the page itself
    const classes = new Set([...page.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)));
    expect([...classes].filter((c) => c && !(c in PAGE_CLASSES))).toEqual([]);
  });

  it('sets the exit status by --fail-on', () => {
    const warnOnly: AuditReport = {
      ...report,
      scorecards: report.scorecards.filter((c) => c.score.fail === 0 && c.score.warn > 0),
    };
    expect(warnOnly.scorecards).toHaveLength(1);
    expect(auditExitCode(warnOnly, 'fail')).toBe(0);
    expect(auditExitCode(warnOnly, 'warn')).toBe(1);
    expect(auditExitCode(report, 'fail')).toBe(1);
    expect(auditExitCode({ ...report, scorecards: [], notAsking: [] }, 'fail')).toBe(2);
  });

  it('writes every report the command is given, and exits 1 on a warning only with --fail-on warn', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrtr-audit-'));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const reports = { junit: join(dir, 'a.xml'), sarif: join(dir, 'a.sarif'), html: join(dir, 'a.html') };
      const cmd = {
        kind: 'audit' as const,
        servers: [`${mock.url}/mcp`],
        json: false,
        only: ['approve_payment_sealed'],
        headers: {},
        unusable: {},
        reports,
        failOn: 'warn' as const,
      };
      // the sealed tool fails nothing and warns on reuse
      expect(await auditCommand(cmd)).toBe(1);
      expect(await auditCommand({ ...cmd, failOn: 'fail', reports: {} })).toBe(0);
      expect(readFileSync(reports.junit, 'utf8')).toMatch(/<failure type="warn" /);
      const sarif = JSON.parse(readFileSync(reports.sarif, 'utf8')) as { runs: { results: { level: string }[] }[] };
      expect(sarif.runs[0]!.results.map((r) => r.level)).toEqual(['warning']);
      expect(readFileSync(reports.html, 'utf8')).toContain('aria-label="Scorecard tools/call approve_payment_sealed"');
    } finally {
      log.mockRestore();
      err.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
