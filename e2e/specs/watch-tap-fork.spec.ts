/**
 * From watching a tapped stdio server to stepping it: the Python SDK's `Client` launches `mrtr-inspector tap --
 * python <a Python SDK MCPServer>` (as in watch-tap-python.spec.ts) and makes a call. The page cannot reach the
 * server the host launched (it speaks to the host over the host's pipes), so "Fork into composer" asks the tap for a
 * fresh instance of the same server, launched the same way: the composer says the leg goes there, and the call is
 * completed against it from the page. "Audit this call" audits against that fresh instance, and a state changed by
 * the user is refused there with the fresh instance's own log line saying why.
 */
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { AuditPage } from '../pages/audit-page.ts';
import { endTappedHost, WatchPage } from '../pages/watch-page.ts';
import { pythonWithMcp } from '../python/python-mcp.ts';
import { tapPythonServer, type StdioHostRun } from '../python/stdio-host.ts';

const APP = `http://127.0.0.1:${process.env.E2E_APP_PORT ?? 4180}`;
const FRESH = /\/__tap\/t\d+\/\d+\/mcp/;

test.describe('a tapped call forked and audited', () => {
  test.describe.configure({ timeout: 120_000 });
  const env = pythonWithMcp();
  let host: StdioHostRun | undefined;
  test.afterEach(async ({ page }) => {
    await endTappedHost(page, host);
    host = undefined;
  });

  test('goes to a fresh instance of the server its tap launched: forked, completed from the page, and audited', async ({
    inspector,
  }) => {
    test.skip('skip' in env, 'skip' in env ? env.skip : '');
    const python = (env as { python: string }).python;
    host = tapPythonServer(python, APP, 'py-fork');
    await host.ready;
    await inspector.open();
    const watch = new WatchPage(inspector);
    await expect(watch.region.getByRole('listitem', { name: 'tap of py-fork' })).toContainText('mrtr_stdio_server.py');
    expect(await host.call(5)).toMatchObject({ text: 'Approved 5' });

    // the host's first round, forked: the page connects to a fresh instance through the relay, and says so
    await watch.watchedLeg(/^Round 1 tools\/call approve/).click();
    await inspector.page.getByRole('button', { name: 'Fork into composer' }).click();
    await expect(inspector.status).toContainText('connected');
    const composer = inspector.composer;
    await expect(composer).toContainText('a fresh instance of the tapped server');
    await expect(composer).toContainText(FRESH);
    await expect(composer).toContainText('mrtr_stdio_server.py');

    // completed against the fresh instance: it asks (its own question, its own sealed state), the page answers
    await composer.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = inspector.inputRequest('__main__:ask_confirm');
    await expect(confirm).toContainText('Approve a payment of 5?', { timeout: 30_000 });
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Approved 5');

    // audited from the tapped call: against the fresh instance, with only the call's name
    await watch.watchedLeg(/^Round 1 tools\/call approve/).click();
    await inspector.page.getByRole('button', { name: 'Audit this call' }).click();
    const audit = new AuditPage(inspector.page);
    await expect(audit.only).toHaveValue('approve');
    await expect(audit.summary).toContainText('1 audited', { timeout: 60_000 });
    await expect(audit.scorecard('approve')).toBeVisible();
    await expect(audit.panel).toContainText(FRESH);

    // forked again, its retry sent with one character of the fresh instance's state changed: refused with the frozen
    // -32602, and the fresh instance's own log line saying why shows beside it, as it does for the tapped server
    await watch.watchedLeg(/^Round 1 tools\/call approve/).click();
    await inspector.page.getByRole('button', { name: 'Fork into composer' }).click();
    await expect(composer).toContainText(FRESH);
    await composer.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(confirm).toContainText('Approve a payment of 5?', { timeout: 30_000 });
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
    const original = await inspector.requestState().inputValue();
    await inspector.requestState().fill(`${original.slice(0, -1)}${original.endsWith('A') ? 'B' : 'A'}`);
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('-32602');
    const says = inspector.page.getByRole('region', { name: 'Result' }).getByLabel("the server's log says");
    await expect(says).toContainText(/requestState rejected on tools\/call: \w+/);
  });
});
