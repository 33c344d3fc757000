import { expect } from '@playwright/test';
import type { InspectorServer } from '../../src/node/cli/serve.ts';
import { test } from '../fixtures.ts';
import { InFlightPage } from '../pages/in-flight-page.ts';
import { distMissing, openStdioHang } from '../pages/stdio-demo.ts';

/**
 * A stdio request the page gives up on is cancelled on the server, under the id the server saw. This journey runs in a
 * project of its own, after the others (playwright.config.ts): in a full parallel run it failed twice, the server never
 * reading the cancel, while it passes alone, beside the other stdio journeys, after the static-host journey and on a
 * CPU held busy by two other processes. The cause is not found yet; it is kept running, apart, rather than skipped.
 */
test.describe('a local stdio server started by the command line', () => {
  let inspector: InspectorServer | undefined;
  test.afterEach(async () => {
    await inspector?.close();
    inspector = undefined;
  });

  test('a call the page stops waiting for is cancelled on the server, under the id the server knows', async ({
    inspector: app,
    page,
  }) => {
    test.skip(distMissing(), 'dist/ is not built (npm run build)');
    inspector = await openStdioHang(page);
    await expect(app.status).toContainText('connected');

    await app.callTool('wait_forever');
    const flight = new InFlightPage(app);
    // the server says which id it got the call under: the bridge's own, not the page's
    const stderr = page.getByRole('region', { name: 'stdio servers' }).getByLabel(/^stderr of /);
    await expect(stderr).toContainText(/tools\/call wait_forever is request bridge-\d+/);
    const id = /is request (bridge-\d+)/.exec(await stderr.innerText())![1]!;

    await flight.panel.getByRole('button', { name: 'Stop waiting' }).click();
    await expect(flight.panel).toHaveCount(0);
    // stdio has no stream to close: the server reads notifications/cancelled naming that id, and its call stops
    await expect(stderr).toContainText(`"method":"notifications/cancelled"`);
    await expect(stderr).toContainText(`"requestId":"${id}"`);
    await expect(stderr).toContainText(`request ${id} was cancelled`);
  });
});
