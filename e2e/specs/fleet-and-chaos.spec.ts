import { expect } from '@playwright/test';
import { test as base } from '../fixtures.ts';
import type { InspectorPage } from '../pages/inspector-page.ts';
import { ConnectionPage } from '../pages/connection-page.ts';

const test = base.extend<{ connection: ConnectionPage }>({
  connection: async ({ page }, use) => {
    await use(new ConnectionPage(page));
  },
});

/** provision → answer the region → send the retry: two legs. */
async function provisionTwoLegs(inspector: InspectorPage, name: string) {
  await inspector.callProvision(name);
  await inspector.acceptRegion();
  await inspector.sendRetry();
  await expect(inspector.legs()).toHaveCount(2);
}

/** The fleet instance badge of each leg, e.g. ['a', 'b']. */
async function instancesOf(inspector: InspectorPage): Promise<string[]> {
  const out: string[] = [];
  for (const leg of await inspector.legs().all()) {
    await expect(leg).toContainText(/instance [ab]/);
    const text = await leg.textContent();
    out.push(/instance ([ab])/.exec(text ?? '')?.[1] ?? '?');
  }
  return out;
}

test.describe('fleet: any instance may serve any leg', () => {
  test('on /fleet/split the retry lands on the other instance and fails with -32602', async ({
    inspector,
    connection,
  }) => {
    await inspector.open();
    await connection.pickSaved(/fleet, one key per instance/);
    await connection.expectConnected();
    await expect(inspector.serverUrl).toHaveValue(/\/fleet\/split$/);
    await provisionTwoLegs(inspector, 'orders');
    await expect(inspector.result).toContainText('-32602');
    await expect(inspector.result).toContainText('Invalid or expired requestState');
    const [first, second] = await instancesOf(inspector);
    expect(first).not.toBe(second);
  });

  test('on /fleet/shared the retry on the other instance completes', async ({ inspector, connection }) => {
    await inspector.open();
    await connection.pickSaved(/fleet, shared key/);
    await connection.expectConnected();
    await provisionTwoLegs(inspector, 'orders');
    await expect(inspector.result).toContainText('Provisioned orders in eu-west-1');
    const [first, second] = await instancesOf(inspector);
    expect(first).not.toBe(second);
  });

  test('saved connections keep their own settings when switching', async ({ inspector, connection }) => {
    await inspector.open();
    await connection.pickSaved(/Mock: chaos/);
    await connection.expectConnected('mrtr-chaos');
    await connection.openSettings();
    await connection.page.getByRole('textbox', { name: 'Client name' }).fill('chaos-client');
    await connection.pickSaved(/fleet, shared key/);
    await connection.expectConnected();
    await expect(connection.page.getByRole('textbox', { name: 'Client name' })).toHaveValue('mrtr-inspector');
    await connection.pickSaved(/Mock: chaos/);
    await expect(connection.page.getByRole('textbox', { name: 'Client name' })).toHaveValue('chaos-client');
    await expect(inspector.serverUrl).toHaveValue(/\/chaos$/);
  });
});

test.describe('the spec client rules, as the server receives them', () => {
  test('x-mcp-header arguments travel as Mcp-Param-* headers, base64 when not plain ASCII', async ({ inspector }) => {
    await inspector.open();
    await inspector.callTool('regional_lookup', async (p) => {
      await p.getByRole('textbox', { name: /^Region/ }).fill('São Paulo');
    });
    const sentinel = `=?base64?${Buffer.from('São Paulo').toString('base64')}?=`;
    await expect(inspector.result).toContainText(`Mcp-Param-Region: ${sentinel} (decoded: São Paulo)`);
    await expect(inspector.result).toContainText('matches argument: yes');
  });

  test('a non-ASCII tool name is sent in Mcp-Name with the base64 sentinel', async ({ inspector }) => {
    await inspector.open();
    await inspector.callTool('café_order');
    const sentinel = `=?base64?${Buffer.from('café_order').toString('base64')}?=`;
    await expect(inspector.result).toContainText(`Mcp-Name header received: ${sentinel}`);
  });
});

test.describe('chaos: each failure is shown as a clear, specific error', () => {
  test.beforeEach(async ({ inspector, connection }) => {
    await inspector.open();
    await connection.pickSaved(/Mock: chaos/);
    await connection.expectConnected('mrtr-chaos');
  });

  test('an HTML 500 page is shown as an HTTP 500 with its body as text', async ({ inspector, page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await inspector.callTool('html_500');
    await expect(inspector.result).toContainText('HTTP 500 Internal Server Error with text/html');
    // the markup is shown as text, never rendered
    await expect(inspector.result).toContainText('<title>500 Internal Server Error</title>');
    await expect(page.getByRole('heading', { name: 'Internal Server Error' })).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('a cut JSON body is reported as invalid JSON', async ({ inspector }) => {
    await inspector.callTool('malformed_json');
    await expect(inspector.result).toContainText('says application/json but the body is not valid JSON');
  });

  test('an SSE stream cut before the response says so', async ({ inspector }) => {
    await inspector.callTool('sse_cut');
    await expect(inspector.result).toContainText(/SSE stream ended after \d+ event\(s\) without the JSON-RPC response/);
    await expect(inspector.legs().first()).toContainText('invalid response');
  });
});
