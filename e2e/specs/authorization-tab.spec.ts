/**
 * Tokens stay in memory; "Keep me signed in in this tab" (per server) keeps them in sessionStorage so a reload stays
 * signed in. Never otherwise, and never in IndexedDB, localStorage, the session file, HAR or a share link.
 */
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { AuthPage } from '../pages/auth-page.ts';
import { SessionPage } from '../pages/session-page.ts';

const MOCK = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 18765}`;
const SERVER = `${MOCK}/auth/cimd/mcp`;

test('stays signed in after a reload when asked to, and the token reaches no storage, export or share link', async ({
  page,
}) => {
  // a sign-in, a call, four exports and a reload: more than the default budget
  test.slow();
  const auth = new AuthPage(page);
  const session = new SessionPage(page);
  await auth.open(SERVER);
  await auth.keepInTab();
  await auth.signIn();
  await auth.expectSignedIn();
  await expect(page.getByRole('button', { name: 'provision', exact: true })).toBeVisible();

  const token = await auth.keptAccessToken(SERVER);
  expect(token).toMatch(/.{20,}/);
  // a call sent with the token (the server wants more scope for it): a recorded leg whose request carried it
  await page.getByRole('button', { name: 'list_workspace', exact: true }).click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(auth.notice).toContainText('insufficient_scope');
  await session.waitSaved(1);
  const stored = await session.storedTexts();
  expect(stored).toContain('list_workspace'); // the call was saved...
  expect(stored).not.toContain(token!); // ...without the token
  for (const button of ['Export session', 'Export HAR']) {
    const file = await session.download(button);
    expect(file.text, button).toContain('list_workspace');
    expect(file.text, button).not.toContain(token!);
  }
  const shared = await session.sharedText();
  expect(shared).toContain('list_workspace');
  expect(shared).not.toContain(token!);

  await page.reload();
  await auth.expectSignedIn();
  await expect(auth.token).toContainText('mcp:read');
  await expect(page.getByRole('button', { name: 'provision', exact: true })).toBeVisible();
  await expect(auth.notice).toHaveCount(0);
});

test('is signed out after a reload when not asked to keep the tokens', async ({ page }) => {
  test.slow(); // a sign-in and a full reload of the app
  const auth = new AuthPage(page);
  await auth.open(SERVER);
  await auth.signIn();
  await auth.expectSignedIn();
  expect(await auth.keptAccessToken(SERVER)).toBeNull();
  await page.reload();
  await expect(auth.notice).toContainText('needs authorization');
  await expect(auth.region.getByRole('status').first()).toHaveText('Not signed in.');
});
