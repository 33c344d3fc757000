/**
 * Watching a desktop host's stdio server: the Python SDK's `Client` over stdio (its MRTR auto-loop) launches
 * `mrtr-inspector tap -- python <a Python SDK MCPServer over stdio>`, as a host's config would. The tap reports to the
 * inspector under test: its call completes unchanged and shows in the Timeline as it happens, the tap is listed with
 * the command it launched and the host's name, and with "Hold client requests" the retry waits until Forward; one
 * character of its requestState changed makes the host get the server's -32602, and the server's log line saying why
 * shows in the page.
 */
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { endTappedHost, WatchPage } from '../pages/watch-page.ts';
import { pythonWithMcp } from '../python/python-mcp.ts';
import { tapPythonServer, type StdioHostRun } from '../python/stdio-host.ts';

const APP = `http://127.0.0.1:${process.env.E2E_APP_PORT ?? 4180}`;

test.describe('a Python SDK stdio host through the tap', () => {
  test.describe.configure({ timeout: 120_000 });
  const env = pythonWithMcp();
  let host: StdioHostRun | undefined;
  test.afterEach(async ({ page }) => {
    await endTappedHost(page, host);
    host = undefined;
  });

  test('completes its call unchanged, live, holds the retry until Forward, and shows why the server refused a changed state', async ({
    inspector,
  }) => {
    test.skip('skip' in env, 'skip' in env ? env.skip : '');
    const python = (env as { python: string }).python;
    host = tapPythonServer(python, APP, 'py-approve');
    await host.ready;
    // a tap is connected: the page follows the hub's traffic as it loads
    await inspector.open();
    const watch = new WatchPage(inspector);
    const tap = watch.region.getByRole('listitem', { name: 'tap of py-approve' });
    await expect(tap).toContainText('mrtr_stdio_server.py');
    await expect(tap).toContainText('host py-stdio-host 2.3.0');

    // nothing held: the SDK's auto-loop answers the question and retries by itself
    expect(await host.call(5)).toMatchObject({ text: 'Approved 5' });
    await expect(
      inspector.timeline.getByRole('button', { name: /approve · py-stdio-host 2\.3\.0/ }).first(),
    ).toBeVisible();

    // hold: forward each request until the retry, then change one character of its requestState
    // the switch is told to the tap's process as the inspector applies it: the call starts once it has
    await Promise.all([
      inspector.page.waitForResponse((r) => r.url().endsWith('/__proxy/control') && r.ok()),
      tap.getByRole('checkbox', { name: 'Hold client requests' }).check(),
    ]);
    const held = host.call(9);
    await watch.forwardUntilRetry();
    await expect(watch.heldRequest).toContainText(/The client has waited \d+ s/);
    const state = watch.heldRequest.getByRole('textbox', { name: 'requestState' });
    const value = await state.inputValue();
    await watch.flipHeldByte(0);
    await expect(state).not.toHaveValue(value);
    await watch.heldRequest.getByRole('button', { name: 'Forward' }).click();
    expect(await held).toMatchObject({ error: { code: -32602 } });

    // the server's own log says why (a flipped byte makes the state malformed): the line is in the tap's server log,
    // beside the refused leg, and in the call's Result
    const reason = /requestState rejected on tools\/call: \w+/;
    await expect(tap.getByRole('list', { name: 'server log of py-approve' })).toContainText(reason);
    await watch.watchedLeg(/^Round 2 tools\/call approve: error/).click();
    const says = "the server's log says";
    await expect(inspector.page.getByRole('region', { name: 'Leg inspector' }).getByLabel(says)).toContainText(reason);
    await expect(inspector.page.getByRole('region', { name: 'Result' }).getByLabel(says)).toContainText(reason);
    await tap.getByRole('checkbox', { name: 'Hold client requests' }).uncheck();
  });
});
