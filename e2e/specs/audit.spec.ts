import { expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from '../axe.ts';
import { test } from '../fixtures.ts';
import { AuditPage } from '../pages/audit-page.ts';
import { everythingEntry, startEverythingServer } from '../../src/node/test-servers/everything-server.fixtures.ts';

const MOCK = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 18765}`;

test.describe('Audit this server', () => {
  // audits and axe scans on a busy 2-core machine take a while
  test.describe.configure({ timeout: 150_000 });

  test('scores the signed and unprotected payment tools apart, naming spec and fix, and exports the report', async ({
    inspector,
    page,
  }) => {
    const audit = new AuditPage(page);
    await inspector.open();
    await audit.open.click();
    await audit.only.fill('approve_payment_signed, approve_payment_unprotected');
    await audit.run.click();

    // (its progress while it runs is checked on the long audit below: two tools against the local mock can be done
    // before a busy machine's click even returns)
    await expect(audit.summary).toHaveText('2 audited, 1 with failures.', { timeout: 60_000 });
    await expect(audit.progress).toHaveCount(0);

    await expect(audit.check('approve_payment_signed', 'PASS', 'Tampered state is refused')).toBeVisible();
    const tamper = audit.check('approve_payment_unprotected', 'FAIL', 'Tampered state is refused');
    await expect(tamper).toContainText('ACCEPTED, completed: Approved payment');
    await expect(tamper).toContainText('MUST reject state that fails verification');
    await expect(tamper).toContainText('Sign (HMAC');
    await expect(
      audit.check(
        'approve_payment_unprotected',
        'FAIL',
        'State is bound to the request it was minted for (arguments, tool or prompt, method)',
      ),
    ).toBeVisible();

    const downloading = page.waitForEvent('download');
    await audit.exportJson.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^mrtr-audit-.*\.json$/);
    const report = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      server: string;
      scorecards: { name: string; checks: { id: string; status: string }[] }[];
    };
    expect(report.server).toBe(`${MOCK}/mcp`);
    const tampered = Object.fromEntries(
      report.scorecards.map((c) => [c.name, c.checks.find((k) => k.id === 'tamper')?.status]),
    );
    expect(tampered).toEqual({ approve_payment_signed: 'pass', approve_payment_unprotected: 'fail' });

    await expectNoAxeViolations(page, 'audit scorecards');
  });

  test('with the other instance of a fleet: a split key fails the cross-instance check, a shared key passes', async ({
    inspector,
    page,
  }) => {
    const audit = new AuditPage(page);
    for (const [fleet, verdict] of [
      ['split', 'FAIL'],
      ['shared', 'PASS'],
    ] as const) {
      await inspector.open(`?server=${encodeURIComponent(`${MOCK}/fleet/${fleet}/a`)}`);
      await audit.open.click();
      await audit.only.fill('approve_payment_signed');
      await audit.fleet.fill(`${MOCK}/fleet/${fleet}/b`);
      await audit.run.click();
      await expect(audit.summary).toContainText(`(fleet: ${MOCK}/fleet/${fleet}/b)`, { timeout: 60_000 });
      await expect(
        audit.check('approve_payment_signed', verdict, 'State minted by one instance is accepted by another'),
      ).toBeVisible();
    }
  });

  test('a running audit can be cancelled, keeping the scorecards finished so far', async ({ inspector, page }) => {
    const audit = new AuditPage(page);
    await inspector.open();
    await audit.open.click();
    await audit.run.click();
    // progress names the call being audited and how far the audit is
    await expect(audit.progress).toContainText(/Auditing \S+ \S+ \(\d+ of \d+\)/);
    await expectNoAxeViolations(page, 'audit in progress');
    await audit.cancel.click();
    await expect(audit.summary).toContainText(/^Cancelled: \d+ audited/);
    await expect(audit.run).toBeEnabled();
    // the session is untouched: the audit's legs never enter the Timeline
    await expect(inspector.legs()).toHaveCount(0);
  });

  test('on a 2025-11-25 server (the reference everything server) says plainly that there is no requestState to score', async ({
    inspector,
    page,
  }) => {
    test.skip(!everythingEntry(), '@modelcontextprotocol/server-everything is not installed (npm install)');
    const everything = await startEverythingServer();
    try {
      const audit = new AuditPage(page);
      await page.goto(`/?server=${encodeURIComponent(everything.url)}`);
      await expect(inspector.status).toContainText('era 2025-11-25');
      await audit.open.click();
      await audit.run.click();
      await expect(audit.summary).toContainText(
        "This server speaks 2025-11-25 (found on Connect). A server of that era keeps a call's state in its session",
      );
      await expect(audit.summary).toContainText('there is nothing for this audit to score');
      await expect(page.getByRole('alert')).toHaveCount(0);
    } finally {
      await everything.close();
    }
  });
});
