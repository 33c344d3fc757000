import { expect } from '@playwright/test';
import { test as base } from '../fixtures.ts';
import { ServerUrlPage } from '../pages/server-url-page.ts';

const test = base.extend<{ serverUrl: ServerUrlPage }>({
  serverUrl: async ({ page }, use) => {
    await use(new ServerUrlPage(page));
  },
});

const refusal = (got: string) => `Server URL must be an absolute http:// or https:// URL (${got}).`;

test.describe('the Server URL is checked before anything is sent', () => {
  test('"not a url" and other non-http(s) URLs are refused next to the field, and nothing is sent', async ({
    inspector,
    serverUrl,
    baseURL,
  }) => {
    await inspector.open();
    serverUrl.watchPosts(new URL(baseURL ?? '').origin);
    await serverUrl.connectTo('not a url');
    await serverUrl.expectRefused(refusal('got "not a url"'));
    // what was typed is kept; the connection made on load is untouched
    await expect(serverUrl.field).toHaveValue('not a url');
    await expect(serverUrl.status.getByText('connected', { exact: true })).toBeVisible();
    await expect(serverUrl.doctor).toHaveCount(0);

    for (const bad of ['ftp://x', 'javascript:alert(1)']) {
      await serverUrl.connectTo(bad);
      await serverUrl.expectRefused(refusal(`got "${bad}"`));
    }
    await serverUrl.connectTo('');
    await serverUrl.expectRefused(refusal('the field is empty'));
    expect(serverUrl.posts).toEqual([]);

    // editing the field drops the message
    await serverUrl.field.fill('http://');
    await expect(serverUrl.field).not.toHaveAttribute('aria-invalid', 'true');
    await expect(serverUrl.page.getByRole('alert')).toHaveCount(0);
  });

  test('?server= with an invalid URL gets the same message on load and connects to nothing', async ({
    page,
    serverUrl,
    baseURL,
  }) => {
    serverUrl.watchPosts(new URL(baseURL ?? '').origin);
    await page.goto(`/?${new URLSearchParams({ server: 'not a url' }).toString()}`);
    await serverUrl.expectRefused(refusal('got "not a url"'));
    await expect(serverUrl.field).toHaveValue('not a url');
    await expect(serverUrl.status).toContainText('not connected');
    expect(serverUrl.posts).toEqual([]);
  });

  test('a server that answers 404 is reported once, with its status said once', async ({
    inspector,
    serverUrl,
    baseURL,
  }) => {
    await inspector.open();
    await serverUrl.connectTo(`${baseURL}/not-an-mcp-endpoint`);
    await expect(serverUrl.doctor).toContainText('HTTP 404 with an empty body: no JSON-RPC response');
    await expect(serverUrl.doctor).not.toContainText('HTTP 404: HTTP 404');
    // the catalog does not repeat the connection error for every list
    await expect(serverUrl.catalog.getByText('Not connected.', { exact: true })).toHaveCount(4);
    await expect(serverUrl.catalog).toContainText('Not connected: the connection failed');
    await expect(serverUrl.catalog).not.toContainText('HTTP 404');
  });
});
