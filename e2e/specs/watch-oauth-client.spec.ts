/**
 * Watching a client that signs in: the official TypeScript SDK's `Client` calls a tool on the bundled mock's
 * OAuth-protected endpoint (`/auth/dcr/mcp`) through a proxy the page starts. The SDK checks that the Protected
 * Resource Metadata names the URL it was given, the proxy's, so the proxy serves that metadata at its own well-known
 * path with the resource moved to itself and points the server's 401 there; the client then registers, signs in at the
 * mock's authorization server (consent approved at once in the e2e suite), and its call completes, live in the
 * Timeline, with its bearer token, its cookie and its API key masked in every view of its legs.
 */
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { WatchPage } from '../pages/watch-page.ts';
import { runTsClient } from '../clients/run-ts-client.ts';

test.describe('a TypeScript SDK client signing in through the proxy', () => {
  test.describe.configure({ timeout: 120_000 });

  test('finds the sign-in through the proxy, signs in, and completes its call', async ({ inspector }) => {
    const config = await inspector.page.request
      .get('/__inspector/config')
      .then((r) => r.json() as Promise<{ mockUrl: string }>);
    const target = new URL('/auth/dcr/mcp', config.mockUrl).toString();
    // the page itself is not signed in (it says so): it only starts the proxy
    await inspector.page.goto(`/?server=${encodeURIComponent(target)}&transport=relay`);
    await expect(inspector.status).toContainText('connection failed');
    const watch = new WatchPage(inspector);
    const proxyUrl = await watch.start(target);

    const run = runTsClient(
      proxyUrl,
      'modern',
      'approve_payment_signed',
      { amount: 21 },
      { oauth: true, headers: { Cookie: 'session=cookie-e2e-2222', 'X-Api-Key': 'key-e2e-3333' } },
    );
    expect(await run.done).toEqual({
      text: 'Approved payment of 21 EUR (approved_by mrtr-mock, state signed).',
      isError: false,
    });
    const call = inspector.timeline.getByRole('button', { name: /approve_payment_signed · ts-watch-client 2\.4\.0/ });
    await expect(call.first()).toBeVisible();

    // its secrets show nowhere in clear: the bearer token it got, its cookie and its API key
    const retry = inspector.timeline.getByRole('button', { name: /^Round 2 tools\/call approve_payment_signed/ });
    await retry.click();
    const leg = inspector.page.getByRole('region', { name: 'Leg inspector' });
    await leg.getByRole('tab', { name: 'Request' }).click();
    const headers = leg.getByRole('table', { name: 'Request headers' });
    await expect(headers).toContainText('Bearer [redacted]');
    await expect(headers).toContainText('Cookie[redacted]');
    await expect(headers).toContainText('X-Api-Key[redacted]');
    await leg.getByRole('tab', { name: 'Copy' }).click();
    await expect(leg).toContainText('include Cookie, X-Api-Key, Authorization in full');
    for (const box of ['cURL command', 'fetch call']) {
      const text = await leg.getByRole('textbox', { name: box }).inputValue();
      for (const secret of ['cookie-e2e-2222', 'key-e2e-3333']) expect(text).not.toContain(secret);
    }

    await watch.stop(target);
  });
});
