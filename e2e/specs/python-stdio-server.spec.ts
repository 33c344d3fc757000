import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { InspectorServer } from '../../src/node/cli/serve.ts';
import { test } from '../fixtures.ts';
import { ConnectionPage } from '../pages/connection-page.ts';
import { ConnectionTrafficPage } from '../pages/connection-traffic-page.ts';
import { InputRequestsPage } from '../pages/input-requests-page.ts';
import { LegacyPushedPage } from '../pages/legacy-pushed-page.ts';
import { distMissing, openStdioServer } from '../pages/stdio-demo.ts';
import { pythonWithMcp } from '../python/python-mcp.ts';

const SERVER = join(import.meta.dirname, '..', '..', 'src', 'node', 'test-servers', 'python-stdio-server.py');

/**
 * The Python SDK's MCPServer (`mcp` 2.3.0), a server the inspector did not write, over stdio through
 * `mrtr-inspector --stdio`: the page speaks 2026-07-28 to it, so the SDK's resolvers ask with `input_required` rounds.
 */
test.describe('the Python SDK server over stdio', () => {
  // the interpreter takes a few seconds to import the SDK before it reads its first line
  test.describe.configure({ timeout: 90_000 });
  const env = pythonWithMcp();
  let inspector: InspectorServer | undefined;
  test.afterEach(async () => {
    await inspector?.close();
    inspector = undefined;
  });

  test('its elicitation, sampling and roots rounds are answered from the page', async ({ inspector: app, page }) => {
    test.skip('skip' in env, 'skip' in env ? env.skip : '');
    test.skip(distMissing(), 'dist/ is not built (npm run build)');
    if (!('python' in env)) return;
    inspector = await openStdioServer(page, `"${env.python}" "${SERVER}"`);
    await expect(app.status).toContainText('era 2026-07-28', { timeout: 30_000 });
    await expect(app.status).toContainText('py-stdio');
    const ui = new InputRequestsPage(app);

    await app.callTool('seat_guest');
    const guest = app.inputRequest('__main__:ask_guest');
    await expect(guest).toContainText('Who sits at table 4?');
    await guest.getByRole('textbox', { name: /Name/ }).fill('Ada');
    await guest.getByRole('button', { name: 'Accept', exact: true }).click();
    await app.sendRetry();
    await expect(app.result).toContainText('Ada sits at table 4.');

    await app.callTool('summarize');
    await expect(app.inputRequest('__main__:ask_model')).toContainText('Summarize in one line: a long text');
    await ui.answerSampling('__main__:ask_model', 'It is long.', 'page-model');
    await app.sendRetry();
    await expect(app.result).toContainText('Summary from page-model: It is long.');

    await app.callTool('count_roots');
    await ui.answerRoots('__main__:ask_roots', [{ uri: 'file:///work/py-root' }]);
    await app.sendRetry();
    await expect(app.result).toContainText('1 root(s): file:///work/py-root');

    // every leg, the connection's own included, is clean
    await new ConnectionTrafficPage(app).show();
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('has lint findings');
    const shown = page.getByRole('search', { name: 'Filter timeline' }).getByText(/^\d+ of \d+ legs$/);
    await expect(shown).toHaveText(/^0 of \d+ legs$/);
  });

  test('on a 2025-11-25 session its questions are requests pushed on stdio, answered from the page', async ({
    inspector: app,
    page,
  }) => {
    test.skip('skip' in env, 'skip' in env ? env.skip : '');
    test.skip(distMissing(), 'dist/ is not built (npm run build)');
    if (!('python' in env)) return;
    // a stdio server keeps the era of the first request its process reads: initialize comes first
    inspector = await openStdioServer(page, `"${env.python}" "${SERVER}"`, { connect: false });
    await app.serverUrl.fill(inspector.endpoints[0]!.url);
    await new ConnectionPage(page).pinEra('2025-11-25');
    await expect(app.status).toContainText('era 2025-11-25', { timeout: 30_000 });
    const legacy = new LegacyPushedPage(page);

    await app.callTool('seat_guest');
    const guest = legacy.pushed('elicitation/create');
    await expect(guest).toContainText('Who sits at table 4?');
    await guest.getByRole('textbox', { name: /Name/ }).fill('Ada');
    await guest.getByRole('button', { name: 'Accept', exact: true }).click();
    await legacy.sendResponse();
    const seated = app.timeline.getByRole('button', { name: /^Round 1 tools\/call seat_guest:/ });
    await expect(seated).toContainText('complete');
    await seated.click();
    await expect(app.result).toContainText('Ada sits at table 4.');

    await app.callTool('summarize');
    const sampling = legacy.pushed('sampling/createMessage');
    await expect(sampling).toContainText('Summarize in one line: a long text');
    await new InputRequestsPage(app).answerSampling(
      (await sampling.getAttribute('aria-label'))!,
      'It is long.',
      'page-model',
    );
    await legacy.sendResponse();
    const summarized = app.timeline.getByRole('button', { name: /^Round 1 tools\/call summarize:/ });
    await expect(summarized).toContainText('complete');
    await summarized.click();
    await expect(app.result).toContainText('Summary from page-model: It is long.');
  });
});
