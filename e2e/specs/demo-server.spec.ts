import { expect, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../fixtures.ts';
import { InputRequestsPage } from '../pages/input-requests-page.ts';
import { InspectorPage } from '../pages/inspector-page.ts';
import { TimelinePage } from '../pages/timeline-page.ts';
import { startStaticSubPath, type SubPathHost } from '../../src/node/test-servers/static-sub-path.fixtures.ts';

const DIST = join(import.meta.dirname, '..', '..', 'dist');
const MOCK_URL = `http://127.0.0.1:${Number(process.env.E2E_MOCK_PORT ?? 18765)}/mcp`;

/** approve_payment_signed with the default amount, confirmed; the retry waits in the composer. */
async function approvePaymentPaused(inspector: InspectorPage) {
  await inspector.callTool('approve_payment_signed');
  const confirm = inspector.inputRequest('confirm');
  await confirm.getByLabel('Approve this payment').check();
  await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
}

const catalogTool = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Server catalog' }).getByRole('button', { name, exact: true });

test.describe('the demo server in the page, from a plain static host under a sub-path', () => {
  let host: SubPathHost;
  test.beforeEach(async () => {
    test.skip(!existsSync(join(DIST, 'demo-sw.js')), 'dist/ is not built (npm run build)');
    host = await startStaticSubPath(DIST, '/inspector/');
  });
  test.afterEach(async () => {
    await host?.close();
  });

  test('?server=demo lists the mock tools, asks, signs, refuses a flipped state, and survives a reload', async ({
    inspector,
    page,
  }) => {
    const demoUrl = `${host.appUrl}demo/mcp`;
    await page.goto(`${host.appUrl}?server=demo`);
    await expect(inspector.status).toContainText('connected');
    await expect(inspector.serverUrl).toHaveValue(demoUrl);
    await expect(inspector.status).toContainText('mrtr-mock');
    await expect(inspector.tool('provision')).toBeVisible();
    await expect(inspector.tool('where_is_the_rest')).toBeVisible();

    // provision asks for a region; the retry carries the signed state; it completes
    await inspector.callProvision('orders');
    await inspector.acceptRegion('ap-south-1');
    await expect(inspector.requestState()).toHaveValue(/^v1\./);
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Provisioned orders in ap-south-1');

    // one flipped character of approve_payment_signed's state: -32602
    await approvePaymentPaused(inspector);
    const state = await inspector.requestState().inputValue();
    expect(state).toMatch(/^v1\./);
    const at = state.length - 5;
    await inspector.requestState().fill(state.slice(0, at) + (state[at] === 'A' ? 'B' : 'A') + state.slice(at + 1));
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('-32602');

    // the legs are ordinary requests with real headers, copied as cURL with a note that the server is in the page
    const timeline = new TimelinePage(inspector);
    await timeline.selectLeg(1);
    await timeline.tab('Copy');
    const command = await timeline.curlCommand().inputValue();
    expect(command).toContain(demoUrl);
    expect(command).toContain("-H 'Mcp-Name: provision'");
    await expect(timeline.legInspector).toContainText('This server lives in this page');

    // a reload keeps the session and the demo server: a new call completes
    await page.reload();
    await expect(inspector.status).toContainText('connected');
    await expect(inspector.serverUrl).toHaveValue(demoUrl);
    await inspector.provisionOrders('eu-west-1');

    // a second tab works too
    const second = await page.context().newPage();
    await second.goto(`${host.appUrl}?server=demo`);
    await expect(second.getByRole('status', { name: 'Connection status' })).toContainText('connected');
    await expect(catalogTool(second, 'provision')).toBeVisible();
    await second.close();

    const methods = new Set(host.received.map((line) => line.split(' ')[0]));
    expect([...methods].filter((m) => m !== 'GET' && m !== 'HEAD')).toEqual([]);
    expect(host.received.filter((line) => line.includes('/demo/mcp'))).toEqual([]);
  });

  test('the button on the connect screen starts the demo server when nothing is connected', async ({
    inspector,
    page,
  }) => {
    await page.goto(host.appUrl);
    await expect(inspector.status).toContainText('not connected');
    await page.getByRole('button', { name: 'Try the demo server in this page' }).click();
    await expect(inspector.status).toContainText('connected');
    await expect(inspector.serverUrl).toHaveValue(`${host.appUrl}demo/mcp`);
    await expect(inspector.tool('provision')).toBeVisible();
  });

  test('without service workers the page says why, and still connects to a real server', async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const inspector = new InspectorPage(page);
      await page.goto(`${host.appUrl}?server=demo`);
      await expect(page.getByRole('alert').filter({ hasText: 'demo server' })).toContainText(
        /The demo server (did not start|could not start|runs in a service worker)/,
      );
      await expect(inspector.status).toContainText('not connected');
      await inspector.serverUrl.fill(MOCK_URL);
      await inspector.connect.click();
      await expect(inspector.status).toContainText('connected');
      await expect(inspector.tool('provision')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("sign_in's consent page is served in the page too: approved there, the call signs in", async ({
    inspector,
    page,
    context,
  }) => {
    await page.goto(`${host.appUrl}?server=demo`);
    await expect(inspector.status).toContainText('connected');
    const ui = new InputRequestsPage(inspector);
    await inspector.callTool('sign_in');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      ui.request('sign_in').getByRole('button', { name: 'Open in new tab' }).click(),
    ]);
    expect(tab.url()).toMatch(new RegExp(`^${host.appUrl}demo/consent/[A-Za-z0-9_-]{22}$`));
    await expect(tab.getByRole('heading', { name: 'Sign in to mrtr-mock' })).toBeVisible();
    await tab.getByRole('button', { name: 'Approve' }).click();
    await expect(tab.getByRole('heading', { name: 'Approved. You can close this tab.' })).toBeVisible();
    await tab.close();
    await ui.accept('sign_in');
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Signed in (flow');
    expect(host.received.filter((line) => !/^(GET|HEAD) /.test(line))).toEqual([]);
    expect(host.received.filter((line) => line.includes('/demo/'))).toEqual([]);
  });
});
