/**
 * A hostile page on another loopback origin attacks the app: it tries to read the relay token from
 * `/__inspector/config` and to frame the app (clickjacking). And the app's own page runs under its CSP unharmed.
 */
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { ConnectionPage } from '../pages/connection-page.ts';
import { startHostilePage, type HostileServer } from '../../src/node/test-servers/hostile-servers.fixtures.ts';

let attacker: HostileServer | undefined;
test.afterEach(async () => {
  await attacker?.close();
  attacker = undefined;
});

/** The attacker's page: reads the app's config with a CORS fetch and shows what it got in a status line. */
function stealConfigPage(appOrigin: string): string {
  return `<!doctype html><title>attacker</title><p role="status" aria-label="loot">pending</p>
<script>
fetch(${JSON.stringify(`${appOrigin}/__inspector/config`)}, { mode: 'cors' })
  .then((r) => r.text())
  .then((t) => { document.querySelector('p').textContent = 'read: ' + t; })
  .catch((e) => { document.querySelector('p').textContent = 'blocked: ' + e.name; });
</script>`;
}

test('a page on another loopback origin cannot read the relay token', async ({ page, baseURL }) => {
  const appOrigin = new URL(baseURL!).origin;
  attacker = await startHostilePage(stealConfigPage(appOrigin));
  await page.goto(attacker.url);
  const loot = page.getByRole('status', { name: 'loot' });
  await expect(loot).toHaveText('blocked: TypeError');
  await expect(loot).not.toContainText('token');
  // the server refuses it too (not only the browser's CORS check): next test
});

test('the config endpoint refuses a foreign Origin and a cross-site fetch even to clients that ignore CORS', async ({
  request,
}) => {
  const foreign = await request.get('/__inspector/config', { headers: { origin: 'http://127.0.0.1:1' } });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).not.toContain('token');
  const sameSite = await request.get('/__inspector/config', { headers: { 'sec-fetch-site': 'same-site' } });
  expect(sameSite.status()).toBe(403);
  const own = await request.get('/__inspector/config');
  expect(own.status()).toBe(200);
  expect(await own.json()).toHaveProperty('relay.token');
});

test('a page on another origin cannot frame the app', async ({ page, baseURL }) => {
  attacker = await startHostilePage(
    `<!doctype html><title>attacker</title><iframe title="bait" src="${new URL('/', baseURL).href}"></iframe>`,
  );
  await page.goto(attacker.url);
  // Chromium replaces a frame refused by X-Frame-Options / frame-ancestors with its error page
  await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
  await expect(page.frameLocator('iframe').getByRole('textbox', { name: 'Server URL' })).toHaveCount(0);
});

test('the app sends its CSP and framing ban, and runs under them without violations', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  const config = (await (await page.request.get('/__inspector/config')).json()) as { mockUrl: string };
  const connection = new ConnectionPage(page);
  await connection.openServer(config.mockUrl);
  await connection.expectConnected('mrtr-mock');
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
