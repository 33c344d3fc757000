import { expect, type Request } from '@playwright/test';
import { test } from '../fixtures.ts';
import { AuthPage } from '../pages/auth-page.ts';

const MOCK = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? 18765}`;
const PROTECTED = `${MOCK}/auth/dcr/mcp`;
const OTHER = `${MOCK}/mcp`;

/** every request the page sends with an Authorization header, by URL (the relay's target when it goes through it) */
function watchAuthorization(page: import('@playwright/test').Page) {
  const seen: { url: string; authorization: string }[] = [];
  page.on('request', (req: Request) => {
    const headers = req.headers();
    const authorization = headers.authorization;
    if (authorization) seen.push({ url: headers['x-relay-target'] ?? req.url(), authorization });
  });
  return seen;
}

test.describe('a signed-in token goes only to the server it was issued for', () => {
  test('connecting to another URL after a sign-in sends the token nowhere else', async ({ page, inspector }) => {
    const seen = watchAuthorization(page);
    const auth = new AuthPage(page);
    await auth.open(PROTECTED);
    await auth.signIn();
    await auth.expectSignedIn();
    await expect(page.getByRole('button', { name: 'list_workspace', exact: true })).toBeVisible();
    await expect(auth.token).toContainText(`Issued for ${PROTECTED}: sent to that server only.`);
    const bearer = seen.find((r) => r.url === PROTECTED && /^Bearer /.test(r.authorization))?.authorization;
    expect(bearer, 'the protected server received the token').toBeTruthy();

    await inspector.serverUrl.fill(OTHER);
    await inspector.connect.click();
    await expect(inspector.tool('provision')).toBeVisible();
    await inspector.provisionOrders();
    await expect(auth.token).toContainText(`Not sent to ${OTHER}, the server connected now.`);

    // the legs recorded for the other server carry no Authorization header
    await inspector.legs().first().getByRole('button').click();
    const legInspector = page.getByRole('region', { name: 'Leg inspector' });
    await legInspector.getByRole('tab', { name: 'Request' }).click();
    const headers = legInspector.getByRole('table', { name: 'Request headers' });
    await expect(headers).toContainText(/mcp-protocol-version/i);
    await expect(headers).not.toContainText(/authorization/i);
    // and nothing the page sent to any URL but the protected server's carried the token
    expect(seen.filter((r) => r.url !== PROTECTED && r.authorization === bearer)).toEqual([]);
    expect(seen.filter((r) => r.url.startsWith(OTHER))).toEqual([]);
  });
});
