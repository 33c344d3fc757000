import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { AuthPage } from '../pages/auth-page.ts';

const MOCK = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 18765}`;

test.describe("authorization: sign in to the mock's protected endpoints", () => {
  test('offers no http:// Client ID Metadata Document: registers dynamically, says why, and lists the tools', async ({
    page,
  }) => {
    const auth = new AuthPage(page);
    await auth.open(`${MOCK}/auth/cimd/mcp`);
    await expect(auth.notice).toContainText('needs authorization');
    await auth.signIn();
    await auth.expectSignedIn();
    // served from http://127.0.0.1, the app's own document URL is one no real authorization server can fetch
    await expect(auth.step(/Authorization server metadata/).last()).toContainText(
      /supports Client ID Metadata Documents, but this app's client_id URL http:\/\/127\.0\.0\.1:\d+\/oauth\/client-metadata\.json is not an https URL with a path/,
    );
    await expect(auth.step(/Authorization request/)).toContainText('registered dynamically');
    await expect(page.getByRole('button', { name: 'provision', exact: true })).toBeVisible();
    await expect(auth.token).toContainText('mcp:read');
  });

  test('signs in with Dynamic Client Registration, steps up for a tool call, and signs out', async ({ page }) => {
    // two complete sign-ins through the sign-in window, each a dozen exchanges: more than the default budget
    test.slow();
    const auth = new AuthPage(page);
    await auth.open(`${MOCK}/auth/dcr/mcp`);
    await auth.signIn();
    await auth.expectSignedIn();
    await expect(auth.step(/Dynamic Client Registration/)).toBeVisible();
    // tools/call needs mcp:write: the server answers 403 insufficient_scope, the app offers Sign in again
    await page.getByRole('button', { name: 'list_workspace', exact: true }).click();
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(auth.notice).toContainText('insufficient_scope');
    await auth.signIn();
    await auth.expectSignedIn();
    await expect(auth.token).toContainText('mcp:write');
    await auth.region.getByRole('button', { name: 'Sign out' }).click();
    await expect(auth.region.getByRole('status').first()).toHaveText('Not signed in.');
    await expect(auth.token).toHaveCount(0);
  });

  test('signs in with the pre-registered client and refreshes a short-lived token', async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open(`${MOCK}/auth/short/mcp`);
    await expect(auth.notice).toBeVisible();
    await auth.fillClient('mrtr-preregistered', 'mrtr-preregistered-secret');
    await auth.signIn();
    await auth.expectSignedIn();
    await expect(auth.step(/Token request/)).toContainText('200');
    // the short variant's access tokens live 20 s and come with a refresh token (offline_access was consented)
    await expect(auth.token).toContainText(/expires in 1?\d s/);
    await expect(auth.token).toContainText('A refresh token is held');
    const before = await auth.tokenSummary();
    await auth.token.getByRole('button', { name: 'Refresh now' }).click();
    await expect(auth.step(/Refresh the access token/).first()).toContainText('200');
    await auth.expectSignedIn();
    await expect(auth.token.getByText(/^Signed in: access token/)).not.toHaveText(before);
    await expect(page.getByRole('button', { name: 'provision', exact: true })).toBeVisible();
  });

  test('explains a refused token request in plain words and keeps the session', async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open(`${MOCK}/auth/dcr/mcp`);
    await expect(auth.notice).toBeVisible();
    await auth.fillClient('mrtr-preregistered', 'wrong-secret');
    await auth.signIn();
    const alert = auth.region.getByRole('alert');
    await expect(alert).toContainText('invalid_client');
    await expect(alert).toContainText('Your session is kept');
    await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue(`${MOCK}/auth/dcr/mcp`);
  });
});
