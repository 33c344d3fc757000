import { expect } from '@playwright/test';
import { test as base } from '../fixtures.ts';
import { ConnectionPage } from '../pages/connection-page.ts';
import { TimelinePage } from '../pages/timeline-page.ts';

const test = base.extend<{ connection: ConnectionPage }>({
  connection: async ({ page }, use) => {
    await use(new ConnectionPage(page));
  },
});

const MESSAGE = 'Unexpected content type text/plain (expected application/json or text/event-stream)';

test('a JSON-RPC answer sent as text/plain is an unexpected content type, not a success', async ({
  inspector,
  connection,
}) => {
  await inspector.open();
  await connection.pickSaved(/Mock: chaos/);
  await connection.expectConnected('mrtr-chaos');
  await inspector.callTool('wrong_content_type');

  await expect(inspector.result).toContainText(`Invalid response: ${MESSAGE}`);
  await expect(inspector.result).not.toContainText('complete');
  await expect(inspector.legs().first()).toContainText('invalid response');
  await expect(inspector.legs().first()).not.toContainText('complete');

  // the raw body and the content type stay visible in the leg inspector, and the lint names the rule
  const timeline = new TimelinePage(inspector);
  await timeline.selectLeg(0);
  await expect(timeline.legInspector).toContainText('text/plain; charset=utf-8');
  await timeline.legInspector.getByRole('checkbox', { name: 'Raw' }).check();
  await expect(timeline.legInspector.getByText(/"jsonrpc":\s*"2\.0"/)).toBeVisible();
  await timeline.tab(/^Lint \(/);
  await expect(timeline.lintFindings()).toContainText('server/content-type');
  await expect(timeline.lintFindings()).toContainText('basic/transports/streamable-http § Sending Messages');
});
