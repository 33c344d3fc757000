/**
 * A hostile MCP server attacks the browser through the relay: each test runs the attack against the app in
 * Chromium and checks it has no effect.
 */
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { ConnectionPage } from '../pages/connection-page.ts';
import { startHostileMcp, type HostileServer } from '../../src/node/test-servers/hostile-servers.fixtures.ts';

let servers: HostileServer[] = [];
test.afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
async function hostile(...args: Parameters<typeof startHostileMcp>): Promise<HostileServer> {
  const server = await startHostileMcp(...args);
  servers.push(server);
  return server;
}

test.describe('a hostile server through the relay', () => {
  // what the user would type into the browser's own sign-in box, had it come up
  test.use({ httpCredentials: { username: 'victim', password: 'typed-into-the-box' } });

  test('cannot get the browser sign-in box (or what is typed into it) with a Basic challenge', async ({ page }) => {
    const server = await hostile('basic', { 'www-authenticate': 'Basic realm="Sign in to continue"' }, 401);
    const connection = new ConnectionPage(page);
    await connection.openServer(server.url, 'relay');
    await connection.expectFailed();
    expect(server.seen.length).toBeGreaterThan(0);
    // the browser answered no challenge: no credentials reached the relay, so none were forwarded to the server
    expect(server.seen.map((h) => h.authorization ?? null)).toEqual(server.seen.map(() => null));
  });
});

test('a hostile server cannot wipe the saved session with Clear-Site-Data', async ({ page }) => {
  const server = await hostile('wiper', { 'clear-site-data': '"cache", "cookies", "storage"' });
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('security-canary', 'still here'));
  const connection = new ConnectionPage(page);
  await connection.openServer(server.url, 'relay');
  await connection.expectConnected('wiper');
  expect(server.seen.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => localStorage.getItem('security-canary'))).toBe('still here');
});

test('a hostile server cannot pose as the relay refusing with its own X-Relay-Error', async ({ page }) => {
  const server = await hostile('forger', { 'x-relay-error': 'bad_token' });
  const connection = new ConnectionPage(page);
  await connection.openServer(server.url, 'relay');
  await connection.expectConnected('forger');
});
