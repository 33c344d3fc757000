import { expect } from '@playwright/test';
import type { InspectorServer } from '../../src/node/cli/serve.ts';
import { test } from '../fixtures.ts';
import { RequestOptionsPage } from '../pages/request-options-page.ts';
import { distMissing, openStdioDemo } from '../pages/stdio-demo.ts';

test.describe('a local stdio server started by the command line', () => {
  let inspector: InspectorServer | undefined;
  test.afterEach(async () => {
    await inspector?.close();
    inspector = undefined;
  });

  test('is called end to end through the relay and its stderr shows in the app', async ({ inspector: app, page }) => {
    test.skip(distMissing(), 'dist/ is not built (npm run build)');
    inspector = await openStdioDemo(page);
    await expect(app.status).toContainText('connected');
    await expect(app.status).toContainText('mrtr-stdio-demo');

    await app.callTool('confirm_delete');
    const confirm = app.inputRequest('confirm');
    await expect(confirm).toContainText('Delete /tmp/example.txt?');
    await confirm.getByLabel('Delete it').check();
    await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
    await app.sendRetry();
    await expect(app.result).toContainText('Deleted /tmp/example.txt (dry run)');

    const panel = page.getByRole('region', { name: 'stdio servers' });
    await expect(panel).toContainText('running');
    await expect(panel.getByLabel(/^stderr of /)).toContainText(
      '[stdio-demo] tools/call confirm_delete "/tmp/example.txt"',
    );
  });

  test("its progress and log notifications reach the page on the call's stream and show in the log", async ({
    inspector: app,
    page,
  }) => {
    test.skip(distMissing(), 'dist/ is not built (npm run build)');
    inspector = await openStdioDemo(page);
    await expect(app.status).toContainText('connected');

    const options = new RequestOptionsPage(app);
    await options.open('scan_folder');
    await options.askProgress.check();
    await options.logLevel.selectOption('info');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(app.result).toContainText('Scanned 3 files in /tmp.');

    // the recorded leg holds the stream: 3 progress, 3 log messages, then the response
    await options.legInspector.getByRole('tab', { name: 'SSE events (7)' }).click();
    const events = options.legInspector.getByRole('list', { name: 'SSE events' });
    await expect(events).toContainText('notifications/progress');
    await expect(events).toContainText('scan_folder: scanned file 3 of 3 in /tmp');

    const notes = page.getByRole('list', { name: /^notifications of / });
    await expect(notes.getByRole('listitem')).toHaveCount(6);
    await expect(notes).toContainText('on the SSE stream of the call in flight');
  });
});
