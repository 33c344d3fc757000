import { expect, type Page, type Request } from '@playwright/test';
import { test } from '../fixtures.ts';
import { InputRequestsPage } from '../pages/input-requests-page.ts';
import type { InspectorPage } from '../pages/inspector-page.ts';
import { RecoveryPage } from '../pages/recovery-page.ts';

/** Approve the flow in the consent tab, close it, send the retry: the call completes in its third leg. */
async function approveInTabAndFinish(inspector: InspectorPage, tab: Page) {
  await tab.bringToFront();
  await tab.getByRole('button', { name: 'Approve' }).click();
  await expect(tab.getByRole('heading', { name: 'Approved. You can close this tab.' })).toBeVisible();
  await tab.close();
  await inspector.page.bringToFront();
  await inspector.sendRetry();
  await expect(inspector.result).toContainText('Signed in (flow');
  await expect(inspector.legs()).toHaveCount(3);
}

test.describe('URL-mode elicitation (sign_in)', () => {
  test('consent card, approval in a separate tab, "still waiting" before approval, completion after', async ({
    inspector,
    context,
  }) => {
    const consentRequests: string[] = [];
    const onRequest = (r: Request) => {
      if (new URL(r.url()).pathname.startsWith('/consent')) consentRequests.push(r.url());
    };
    context.on('request', onRequest);

    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await inspector.callTool('sign_in');
    const card = ui.request('sign_in');
    await expect(card).toContainText('Elicitation (URL)');
    await expect(card).toContainText('Sign in to mrtr-mock: open the page and press Approve, then retry.');
    await expect(card).toContainText('mrtr-mock'); // which server asks
    const fullUrl = card.getByLabel('Full URL');
    await expect(fullUrl).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/consent\/[A-Za-z0-9_-]{22}$/);
    await expect(fullUrl.locator('mark')).toHaveText('127.0.0.1');
    await expect(card).toContainText('Not opened yet.');
    const consentUrl = (await fullUrl.textContent()) ?? '';

    // nothing was fetched before consent
    expect(consentRequests).toEqual([]);

    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('button', { name: 'Open in new tab' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(consentUrl);
    expect(tab).not.toBe(inspector.page);
    expect(await tab.evaluate(() => window.opener)).toBeNull(); // noopener: a separate top-level tab
    await expect(tab.getByRole('heading', { name: 'Sign in to mrtr-mock' })).toBeVisible();
    await expect(card).toContainText('Opened in a new tab.');

    // back in the inspector before approving: accept and retry -> a state-only "still waiting" answer
    await inspector.page.bringToFront();
    await ui.accept('sign_in');
    await expect(ui.body()).toContainText('"sign_in": {\n      "action": "accept"\n    }');
    await inspector.sendRetry();
    await expect(inspector.legs()).toHaveCount(2);
    await expect(inspector.legs().nth(1)).toContainText('state only');
    const waiting = inspector.result.getByRole('status');
    await expect(waiting).toContainText('still waiting');
    await expect(waiting).toContainText('is not approved yet (poll 1)');

    await approveInTabAndFinish(inspector, tab);
    context.off('request', onRequest);
  });

  test('accepting without opening asks first, and the waiting screen shows the page again to finish the flow', async ({
    inspector,
    context,
  }) => {
    const ui = new InputRequestsPage(inspector);
    const recovery = new RecoveryPage(inspector.page);
    await inspector.open();
    await inspector.callTool('sign_in');
    const card = ui.request('sign_in');
    const consentUrl = (await card.getByLabel('Full URL').textContent()) ?? '';
    expect(consentUrl).toMatch(/\/consent\//);

    // Accept on a page never opened: the card asks first, and the answer is sent only after confirming
    await recovery.acceptUnopened(card);
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expect(ui.body()).toContainText('"sign_in": {\n      "action": "accept"\n    }');
    await inspector.sendRetry();
    await expect(inspector.legs()).toHaveCount(2);
    await expect(inspector.result.getByRole('status')).toContainText('is not approved yet');

    // not a dead end: the same consent card, with the same URL and domain highlight, is on the waiting screen
    const waiting = recovery.waitingPage;
    await expect(waiting.getByLabel('Full URL')).toHaveText(consentUrl);
    await expect(waiting.getByLabel('Full URL').locator('mark')).toHaveText('127.0.0.1');
    await expect(waiting).toContainText('Not opened from this screen.');
    await expect(waiting.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      waiting.getByRole('button', { name: 'Open in new tab' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(consentUrl);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await expect(waiting).toContainText('Opened in a new tab.');
    await approveInTabAndFinish(inspector, tab);
    await expect(waiting).toHaveCount(0);
  });

  test('Run to completion finishes once the flow was approved', async ({ inspector, context }) => {
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await inspector.callTool('sign_in');
    const card = ui.request('sign_in');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('button', { name: 'Open in new tab' }).click(),
    ]);
    await tab.getByRole('button', { name: 'Approve' }).click();
    await expect(tab.getByRole('heading', { name: 'Approved. You can close this tab.' })).toBeVisible();
    await tab.close();
    await ui.accept('sign_in');
    await ui.runToCompletion();
    await expect(inspector.result).toContainText('Signed in (flow');
  });

  test('Decline ends the call with the server explaining the page was not opened', async ({ inspector }) => {
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await inspector.callTool('sign_in');
    await ui.request('sign_in').getByRole('button', { name: 'Decline' }).click();
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('isError');
    await expect(inspector.result).toContainText('Sign-in declined');
  });
});
