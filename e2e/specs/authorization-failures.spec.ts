/**
 * Each sign-in failure the issue names, against the mock's misconfigured authorization servers (oidc-provider with
 * one thing wrong) or a redirect the user edited while stepping through: shown in plain words with its spec section,
 * nothing further is sent, and the session is kept.
 */
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { AuthPage } from '../pages/auth-page.ts';

const MOCK = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 18765}`;

async function signInTo(auth: AuthPage, variant: string) {
  await auth.open(`${MOCK}/auth/${variant}/mcp`);
  await expect(auth.notice).toContainText('needs authorization');
  await auth.signIn();
  await expect(auth.region.getByRole('status').first()).toHaveText('Sign-in failed.');
}

async function expectKept(auth: AuthPage, variant: string) {
  await expect(auth.failure).toContainText('Your session is kept');
  await expect(auth.page.getByRole('textbox', { name: 'Server URL' })).toHaveValue(`${MOCK}/auth/${variant}/mcp`);
  // no token was asked for
  await expect(auth.step(/Token request/)).toHaveCount(0);
}

test.describe('authorization failures, each in plain words with its spec section', () => {
  test('malformed authorization server metadata', async ({ page }) => {
    const auth = new AuthPage(page);
    await signInTo(auth, 'malformed');
    await expect(auth.failure).toContainText('The authorization server metadata is malformed');
    await expect(auth.failure.getByRole('link')).toHaveText(/RFC 8414 §3/);
    await expectKept(auth, 'malformed');
  });

  test('metadata whose issuer is not the authorization server named by the resource', async ({ page }) => {
    const auth = new AuthPage(page);
    await signInTo(auth, 'issuer-mismatch');
    await expect(auth.failure).toContainText(`says its issuer is "${MOCK}/auth/elsewhere"`);
    await expect(auth.failure.getByRole('link')).toHaveText(/RFC 8414 §3.3/);
    await expectKept(auth, 'issuer-mismatch');
  });

  test('Protected Resource Metadata for another resource', async ({ page }) => {
    const auth = new AuthPage(page);
    await signInTo(auth, 'resource-mismatch');
    await expect(auth.failure).toContainText('Sign-in stopped before any authorization request');
    await expect(auth.failure.getByRole('link')).toHaveText(/RFC 9728 §3.3/);
    await expect(auth.step(/Authorization server metadata/)).toHaveCount(0);
    await expectKept(auth, 'resource-mismatch');
  });

  test('an authorization server without PKCE S256', async ({ page }) => {
    const auth = new AuthPage(page);
    await signInTo(auth, 'no-pkce');
    await expect(auth.failure).toContainText('does not list S256 in code_challenge_methods_supported');
    await expect(auth.failure.getByRole('link')).toHaveText(/PKCE S256 is required/);
    await expect(auth.step(/Authorization request/)).toHaveCount(0);
    await expectKept(auth, 'no-pkce');
  });

  test('the user (or the server) declines: access_denied', async ({ page }) => {
    const auth = new AuthPage(page);
    await signInTo(auth, 'denied');
    await expect(auth.failure).toContainText('redirected back with error access_denied');
    await expect(auth.failure).toContainText('declined the authorization');
    await expect(auth.failure.getByRole('link')).toHaveText(/OAuth 2.1 §4.1.1/);
    await expectKept(auth, 'denied');
  });

  test('a redirect back without a code', async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.open(`${MOCK}/auth/dcr/mcp`);
    await auth.region.getByRole('switch', { name: 'Step through' }).check();
    await auth.signIn();
    await auth.sendStepsUntil('Redirect back to the inspector');
    await auth.editHeldUrl((url) => url.searchParams.delete('code'));
    await auth.held.getByRole('button', { name: 'Send step' }).click();
    await expect(auth.failure).toContainText('The redirect came back without a code');
    await expectKept(auth, 'dcr');
  });

  test('a code the authorization server refuses: invalid_grant', async ({ page }) => {
    test.slow(); // a dozen held steps sent one by one
    const auth = new AuthPage(page);
    await auth.open(`${MOCK}/auth/dcr/mcp`);
    await auth.region.getByRole('switch', { name: 'Step through' }).check();
    await auth.signIn();
    await auth.sendStepsUntil('Redirect back to the inspector');
    await auth.editHeldUrl((url) => url.searchParams.set('code', 'a-code-this-server-never-issued'));
    await auth.sendStepsUntil('Token request');
    await auth.held.getByRole('button', { name: 'Send step' }).click();
    await expect(auth.failure).toContainText('invalid_grant');
    await expect(auth.failure).toContainText('the code or refresh token was refused');
    await expect(auth.failure.getByRole('link')).toHaveText(/OAuth 2.1 §4.1.3/);
    await expect(auth.step(/Token request/)).toContainText('400');
    await expect(auth.failure).toContainText('Your session is kept');
  });
});
