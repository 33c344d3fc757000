import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startInspectorServer, type InspectorServer } from '../../src/node/cli/serve.ts';
import { stderrRoute, stdioEndpoints } from '../../src/node/cli/stdio-endpoints.ts';
import { expect, test } from '../fixtures.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const DEMO = join(ROOT, 'src', 'node', 'stdio', 'demo-server.ts');

test.describe('a local stdio server started by the command line', () => {
  let inspector: InspectorServer | undefined;
  test.afterEach(async () => {
    await inspector?.close();
    inspector = undefined;
  });

  test('is called end to end through the relay and its stderr shows in the app', async ({ inspector: app, page }) => {
    test.skip(!existsSync(join(DIST, 'index.html')), 'dist/ is not built (npm run build)');
    // what `mrtr-inspector --stdio "node --import tsx demo-server.ts"` does, in this process
    const stdio = stdioEndpoints([`"${process.execPath}" --import tsx "${DEMO}"`]);
    inspector = await startInspectorServer({
      port: 0,
      distDir: DIST,
      localEndpoints: stdio.start,
      extraRoutes: (ctx) => [stderrRoute(ctx, stdio.logs)],
    });
    const endpoint = inspector.endpoints[0]!.url;
    await page.goto(`${inspector.url}/?server=${encodeURIComponent(endpoint)}&transport=relay`);
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
});
