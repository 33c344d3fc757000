import { expect } from '@playwright/test';
import { test as base } from '../fixtures.ts';
import { ConnectionPage } from '../pages/connection-page.ts';
import type { TestServer } from '../../src/node/test-servers/listen.fixtures.ts';
import {
  AUTH_CHALLENGE,
  startAuthServer,
  startLegacyServer,
  startNoCorsServer,
} from '../../src/node/test-servers/mcp-servers.fixtures.ts';

const test = base.extend<{ connection: ConnectionPage }>({
  connection: async ({ page }, use) => {
    await use(new ConnectionPage(page));
  },
});

const TOKEN = 'e2e-secret-token-4711';
let noCors: TestServer;
let auth: TestServer;
let legacy: TestServer;

test.beforeAll(async () => {
  [noCors, auth, legacy] = await Promise.all([startNoCorsServer(), startAuthServer(TOKEN), startLegacyServer()]);
});
test.afterAll(async () => {
  await Promise.all([noCors?.close(), auth?.close(), legacy?.close()]);
});

test.describe('connecting to real servers', () => {
  test('a server without CORS fails directly, the doctor names the preflight, and the relay gets through', async ({
    connection,
    inspector,
    page,
  }) => {
    await connection.openServer(noCors.url);
    await connection.expectFailed();
    const preflight = connection.finding(/refuses the CORS preflight \(HTTP 405\)/);
    await expect(preflight).toBeVisible();
    for (const header of ['MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name'])
      await expect(preflight).toContainText(header);
    await expect(connection.doctor).toContainText('through the local relay');

    await preflight.getByRole('button', { name: 'Use the relay' }).click();
    await connection.expectConnected('no-cors-sdk');
    await expect(connection.status).toContainText('via relay');
    await expect(connection.doctor).toHaveCount(0);

    // a tool whose x-mcp-header is invalid is flagged and cannot be called
    await inspector.tool('bad_header_tool').click();
    await expect(page.getByRole('alert').filter({ hasText: 'invalid x-mcp-header' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Call tool' })).toBeDisabled();

    await inspector.callTool('echo', async (p) => {
      await p.getByRole('region', { name: 'Call', exact: true }).getByRole('textbox').fill('through the relay');
    });
    await expect(inspector.result).toContainText('echo: through the relay');
    await expect(inspector.legs()).toHaveCount(1);
    await expect(inspector.legs().first()).toContainText('relay');
  });

  test('a server that needs a bearer token answers 401, then works with the token', async ({
    connection,
    inspector,
    page,
  }) => {
    await connection.openServer(auth.url);
    await connection.expectFailed();
    const finding = connection.finding(/requires authorization \(HTTP 401\)/);
    await expect(finding).toContainText(`WWW-Authenticate: ${AUTH_CHALLENGE}`);

    await finding.getByRole('button', { name: 'Enter a token' }).click();
    await expect(connection.bearerToken).toBeFocused();
    await expect(connection.bearerToken).toHaveAttribute('type', 'password');
    await connection.bearerToken.fill(TOKEN);
    await inspector.connect.click();
    await connection.expectConnected('auth-sdk');

    await inspector.callTool('echo');
    await expect(inspector.result).toContainText('echo: hello');
    await inspector.legs().first().getByRole('button').click();
    const legInspector = page.getByRole('region', { name: 'Leg inspector' });
    await legInspector.getByRole('tab', { name: 'Request' }).click();
    await expect(legInspector.getByRole('table', { name: 'Request headers' })).toContainText('Bearer [redacted]');
    // the token never appears in clear anywhere on the page
    await expect(page.locator('body')).not.toContainText(TOKEN);
  });

  test('a legacy-only server is connected as 2025-11-25 on Auto, and identified by the doctor when 2026-07-28 is pinned', async ({
    connection,
  }) => {
    await connection.openServer(legacy.url);
    // Era: Auto falls back to initialize
    await expect(connection.status).toContainText('era 2025-11-25');
    await connection.pinEra('2026-07-28');
    await connection.expectFailed();
    const finding = connection.finding(/2025-era server \(2025-11-25\)/);
    await expect(finding).toContainText('this server speaks 2025-11-25; multi-round-trip results need 2026-07-28');
    await expect(connection.doctor.getByRole('button', { name: 'Use the relay' })).toHaveCount(0);
  });

  test('a -32022 naming a version this client speaks is retried with it, and the app says so', async ({
    connection,
    inspector,
  }) => {
    await inspector.open();
    await connection.openSettings();
    await connection.protocolVersion.fill('2099-01-01');
    await inspector.connect.click();
    await expect(connection.note).toContainText(
      'The server does not support 2099-01-01 (it supports 2026-07-28); retried with 2026-07-28.',
    );
    await connection.expectConnected('mrtr-mock');
    await expect(connection.protocolVersion).toHaveValue('2026-07-28');
  });

  test('the relay refuses a wrong token, a foreign Origin and a non-http target', async ({ request }) => {
    const config = (await (await request.get('/__inspector/config')).json()) as { relay: { token: string } };
    const forward = (headers: Record<string, string>) =>
      request.post('/__relay/forward', {
        headers: { 'content-type': 'application/json', ...headers },
        data: '{"jsonrpc":"2.0","id":1,"method":"server/discover"}',
      });

    const wrongToken = await forward({ 'x-relay-token': 'not-the-token-at-all', 'x-relay-target': noCors.url });
    expect(wrongToken.status()).toBe(401);
    expect(wrongToken.headers()['x-relay-error']).toBe('bad_token');

    const foreign = await forward({
      'x-relay-token': config.relay.token,
      'x-relay-target': noCors.url,
      origin: 'https://evil.example',
    });
    expect(foreign.status()).toBe(403);
    expect(foreign.headers()['x-relay-error']).toBe('bad_origin');

    for (const target of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'javascript:alert(1)']) {
      const bad = await forward({ 'x-relay-token': config.relay.token, 'x-relay-target': target });
      expect(bad.status(), target).toBe(400);
      expect(bad.headers()['x-relay-error']).toBe('bad_target');
    }

    // and with everything right it forwards
    const good = await forward({
      'x-relay-token': config.relay.token,
      'x-relay-target': noCors.url,
      accept: 'application/json, text/event-stream',
    });
    expect(good.headers()['x-relay']).toBe('1');
  });
});
