import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { ConnectionPage } from '../pages/connection-page.ts';
import { ConnectionTrafficPage } from '../pages/connection-traffic-page.ts';

test.describe('all traffic in view: the Connection conversation', () => {
  test('discover and the lists are legs of a Connection conversation, hidden until asked for, each inspectable', async ({
    inspector,
  }) => {
    const traffic = new ConnectionTrafficPage(inspector);
    await inspector.open();
    // hidden by default, with a count: discover and the four lists
    await expect(traffic.toggle).not.toBeChecked();
    await expect(traffic.hiddenCount).toHaveText('5 connection legs hidden');
    await expect(inspector.legs()).toHaveCount(0);

    // a call's legs are counted as before while connection traffic is hidden
    await inspector.callTool('test_simple_text');
    await expect(inspector.result).toContainText('simple text response');
    await expect(inspector.legs()).toHaveCount(1);
    await expect(
      inspector.timeline.getByRole('button', { name: /^Round 1 tools\/call test_simple_text:/ }),
    ).toBeVisible();

    await traffic.show();
    await expect(traffic.header()).toContainText('5 legs');
    await expect(inspector.legs()).toHaveCount(6);
    for (const method of [
      'server/discover',
      'tools/list',
      'prompts/list',
      'resources/list',
      'resources/templates/list',
    ])
      await expect(traffic.leg(method)).toHaveCount(1);
    await expect(traffic.leg('server/discover')).toHaveAccessibleName(/^Round \d+ server\/discover 127\.0\.0\.1:\d+: /);

    // a connection leg opens in the leg inspector with its raw HTTP and JSON-RPC, like any other
    await traffic.leg('tools/list').click();
    await expect(traffic.legInspector.getByRole('heading')).toHaveText(/^Connection · round \d+$/);
    await expect(traffic.legInspector).toContainText('"tools": [');
    await traffic.legInspector.getByRole('tab', { name: 'Request' }).click();
    await expect(traffic.legInspector).toContainText('"method": "tools/list"');
    // the call is still the one in the composer and the Result
    await expect(inspector.result).toContainText('simple text response');
    await expect(traffic.legInspector.getByRole('button', { name: 'Fork from this leg' })).toHaveCount(0);

    // hiding it again leaves the call's legs only
    await traffic.hide();
    await expect(inspector.legs()).toHaveCount(1);
    await expect(traffic.hiddenCount).toHaveText('5 connection legs hidden');
  });

  test('a failed connect attempt is a leg with its error', async ({ inspector, page }) => {
    const traffic = new ConnectionTrafficPage(inspector);
    const connection = new ConnectionPage(page);
    await inspector.open();
    await expect(traffic.hiddenCount).toHaveText('5 connection legs hidden');

    // nothing listens on port 9 of the loopback: the request never reaches a server
    await inspector.serverUrl.fill('http://127.0.0.1:9/mcp');
    await inspector.connect.click();
    await connection.expectFailed();
    await expect(traffic.hiddenCount).toHaveText(/^[6-9] connection legs hidden$|^\d{2,} connection legs hidden$/);

    await traffic.show();
    const failed = inspector.timeline.getByRole('button', { name: /^Round \d+ server\/discover 127\.0\.0\.1:9: / });
    await expect(failed.first()).toBeVisible();
    await expect(failed.first()).toContainText('no HTTP response');
    await failed.first().click();
    // the browser's own words for a refused connection
    await expect(traffic.legInspector).toContainText(/Failed to fetch|refused/);
  });

  test('a 2025-11-25 connection shows its initialize handshake and lists', async ({ inspector, page }) => {
    const traffic = new ConnectionTrafficPage(inspector);
    await inspector.open();
    await new ConnectionPage(page).pinEra('2025-11-25');
    await expect(inspector.status).toContainText('era 2025-11-25');
    await traffic.show();
    await expect(traffic.leg('initialize')).toHaveCount(1);
    await expect(traffic.leg('notifications/initialized')).toHaveCount(1);
    await expect(traffic.leg('tools/list')).toHaveCount(2);
    await traffic.leg('initialize').click();
    await expect(traffic.legInspector).toContainText('"protocolVersion": "2025-11-25"');
  });
});
