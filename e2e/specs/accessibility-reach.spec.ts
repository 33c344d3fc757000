import { expect } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InspectorServer } from '../../src/node/cli/serve.ts';
import { expectNoAxeViolationsInBothThemes } from '../axe.ts';
import { test } from '../fixtures.ts';
import { AuditPage } from '../pages/audit-page.ts';
import { AuthPage } from '../pages/auth-page.ts';
import { CompareErasPage } from '../pages/compare-eras-page.ts';
import { CompareRunsPage } from '../pages/compare-runs-page.ts';
import { ComposerPage } from '../pages/composer-page.ts';
import { ConnectionPage } from '../pages/connection-page.ts';
import { SessionPage } from '../pages/session-page.ts';
import { distMissing, openStdioDemo } from '../pages/stdio-demo.ts';
import { TaskPage } from '../pages/task-page.ts';

const MOCK = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 18765}`;

// The screens this wave added (authorization, tasks, eras) and the states the first scans did not reach (saved
// connections, import errors, branches, a filtered timeline), scanned with axe-core (WCAG 2.1 A/AA) in both themes: each
// state is reached once and scanned in the light theme, then in the dark one.
test.describe('accessibility of the reach screens', () => {
  // independent tests (each opens its own page): both workers of a full run can share them
  test.describe.configure({ mode: 'parallel', timeout: 180_000 });
  let served: InspectorServer | undefined;
  test.afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  test('sign-in notice, the Authorization region while signed in, and its failure', async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open(`${MOCK}/auth/cimd/mcp`);
    await expect(auth.notice).toContainText('needs authorization');
    await expectNoAxeViolationsInBothThemes(page, 'sign-in notice');

    await auth.signIn();
    await auth.expectSignedIn();
    await expect(auth.region.getByRole('region', { name: 'Access token' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'authorization: signed in, steps and token');

    await auth.open(`${MOCK}/auth/dcr/mcp`);
    await expect(auth.notice).toBeVisible();
    await auth.fillClient('mrtr-preregistered', 'wrong-secret');
    await auth.signIn();
    await expect(auth.region.getByRole('alert')).toContainText('invalid_client');
    await expectNoAxeViolationsInBothThemes(page, 'authorization: refused token request');
  });

  test('the Task panel: working, waiting for an answer, the update composer, completed', async ({ page }) => {
    const tasks = new TaskPage(page);
    await tasks.openWithTasks({ notifications: false }); // followed by polling: Auto-poll is scanned too
    await expectNoAxeViolationsInBothThemes(page, 'settings with the tasks knob');
    await tasks.inspector.callTool('deploy_release');
    await expect(tasks.panel).toContainText('working');
    await expectNoAxeViolationsInBothThemes(page, 'task working');

    await tasks.autoPollUntil('input_required');
    const approve = tasks.inspector.inputRequest('approve_deploy');
    await expect(approve).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'task needs input');

    await approve.getByLabel('Deploy to production').check();
    await approve.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(tasks.inspector.composer.getByRole('button', { name: 'Send update' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'task update composer');

    await tasks.sendUpdate();
    await tasks.autoPollUntil('completed');
    await expect(tasks.inspector.result).toContainText('Deployed v2.4.0 to production.');
    await expectNoAxeViolationsInBothThemes(page, 'task completed');
  });

  test('Compare eras side by side, with the dual-era pitfall explained', async ({ inspector, page }) => {
    const compare = new CompareErasPage(page);
    await inspector.open();
    await inspector.completePitfall();
    await compare.run();
    await expect(compare.pitfall()).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'compare eras with pitfall');

    await new ConnectionPage(page).pinEra('2025-11-25');
    await expect(inspector.status).toContainText('2025-11-25');
    await expectNoAxeViolationsInBothThemes(page, 'connected in the 2025-11-25 era');
  });

  test('saved connections, an import error, branches and a filtered timeline', async ({ inspector, page }) => {
    const connection = new ConnectionPage(page);
    const session = new SessionPage(page);
    const composer = new ComposerPage(page);
    await inspector.open();
    await expect(connection.savedConnections).toBeVisible();
    await expect(connection.savedConnections.getByRole('option').nth(1)).toBeAttached();
    await expectNoAxeViolationsInBothThemes(page, 'saved connections');

    await inspector.provisionOrders();
    const dir = mkdtempSync(join(tmpdir(), 'a11y-import-'));
    await session.importText('broken.json', '{"version": 1, "session": []}', dir);
    await expect(session.problem).toContainText('Could not import broken.json');
    await expectNoAxeViolationsInBothThemes(page, 'import error');

    // fork round 2 and decline instead: two branches side by side
    await inspector.forkRound2AndDeclineRegion();
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Provisioning declined');
    await expect(composer.branchCards()).toHaveCount(2);
    await expectNoAxeViolationsInBothThemes(page, 'branches');

    const filter = page.getByRole('search', { name: 'Filter timeline' });
    await filter.getByRole('combobox', { name: 'Filter by status' }).selectOption('input_required');
    await expect(filter).toContainText(/\d+ of \d+ legs/);
    await expectNoAxeViolationsInBothThemes(page, 'timeline filtered by status');
    await filter.getByRole('textbox', { name: 'Error code or HTTP status' }).fill('abc');
    await expect(filter.getByRole('alert')).toContainText('is not a number');
    await expectNoAxeViolationsInBothThemes(page, 'timeline filter with a bad code');
  });

  test('Compare runs with a difference, and an audit scorecard with a failure', async ({ inspector, page }) => {
    await inspector.open();
    await inspector.provisionOrders('eu-west-1');
    await inspector.provisionOrders('us-east-1');
    const compare = new CompareRunsPage(page);
    await compare.open.click();
    await expect(compare.round(2)).toContainText('+ B: "Provisioned orders in us-east-1');
    await expectNoAxeViolationsInBothThemes(page, 'Compare runs');
    await compare.panel.getByRole('button', { name: 'Close' }).click();

    const audit = new AuditPage(page);
    await audit.open.click();
    await audit.only.fill('approve_payment_unprotected');
    await audit.run.click();
    await expect(audit.summary).toHaveText('1 audited, 1 with failures.', { timeout: 60_000 });
    await expect(audit.check('approve_payment_unprotected', 'FAIL', 'Tampered state is refused')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'Audit this server');
  });

  test('the stdio servers panel with a server started from the command line', async ({ inspector, page }) => {
    test.skip(distMissing(), 'dist/ is not built (npm run build)');
    served = await openStdioDemo(page);
    await expect(inspector.status).toContainText('mrtr-stdio-demo');
    await inspector.callTool('confirm_delete');
    await expect(inspector.inputRequest('confirm')).toBeVisible();
    const panel = page.getByRole('region', { name: 'stdio servers' });
    await expect(panel.getByLabel(/^stderr of /)).toContainText('tools/call confirm_delete');
    await expectNoAxeViolationsInBothThemes(page, 'stdio servers panel');
  });
});
