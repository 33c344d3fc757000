import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures.ts';
import type { InspectorPage } from '../pages/inspector-page.ts';
import { LegacyPushedPage } from '../pages/legacy-pushed-page.ts';

test.describe('Requests a 2025-11-25 server pushes are legs, answered from the composer', () => {
  // each journey connects twice (Auto, then pinned to 2025-11-25) before its call: more than the default 30 s on a busy machine
  test.describe.configure({ timeout: 60_000 });
  /** On 2025-11-25, provision: the server pushes its region question, accepted with eu-west-1 in the page. */
  async function provisionAccepted(inspector: InspectorPage, page: Page): Promise<LegacyPushedPage> {
    await inspector.open();
    const legacy = new LegacyPushedPage(page);
    await legacy.useLegacyEra();
    await inspector.callProvision();
    const card = legacy.pushed('elicitation/create');
    await expect(card).toBeVisible();
    await expect(legacy.pushedLeg(1, 'elicitation/create')).toBeVisible();
    await card.getByLabel('Region').selectOption('eu-west-1');
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    return legacy;
  }

  test('a pushed elicitation waits as a JSON-RPC response; edited by hand it is what the server gets', async ({
    inspector,
    page,
  }) => {
    const legacy = await provisionAccepted(inspector, page);

    // the answer is held: a JSON-RPC response with the pushed request's id, not a retry of the call
    await expect(legacy.responseBody()).toContainText('"result"');
    await expect(legacy.responseBody()).toContainText('"region": "eu-west-1"');
    await expect(legacy.responseBody()).not.toContainText('"method"');
    await legacy.editResponse((body) => body.replace('eu-west-1', 'us-east-1'));
    await expect(legacy.composer).toContainText('body edited by you');
    await legacy.sendResponse();

    await expect(inspector.result).toContainText('Provisioned orders in us-east-1');
    await expect(inspector.timeline.getByRole('button', { name: /^Round 2 tools\/call provision:/ })).toBeVisible();
  });

  test('a response the server refuses stays in the composer, marked not delivered, and goes again once fixed', async ({
    inspector,
    page,
  }) => {
    const legacy = await provisionAccepted(inspector, page);

    // broken by hand: the last brace gone, the server cannot parse it and answers 400
    let whole = '';
    await legacy.editResponse((body) => {
      whole = body;
      return body.trimEnd().slice(0, -1);
    });
    await legacy.sendResponse();
    // a body broken like that answers nothing that can be read: the leg says only that it did not arrive
    await expect(legacy.pushedLeg(1, 'elicitation/create')).toContainText('answer not delivered');
    await expect(inspector.result.getByRole('status')).toContainText(
      'not delivered The response did not reach the server (the server answered HTTP 400).',
    );
    // still the response to send, its body still open for editing: fixed, it goes again and the call goes on
    await legacy.composer.getByRole('textbox', { name: 'Raw request body' }).fill(whole);
    await legacy.sendResponse();
    await expect(inspector.result).toContainText('Provisioned orders in eu-west-1');
    await expect(legacy.pushedLeg(1, 'elicitation/create')).toContainText('answers elicitation/create #0');
    await expect(legacy.pushedLeg(1, 'elicitation/create')).not.toContainText('not delivered');
  });

  test('an answer whose session the server lost (404) is not delivered, and the session is renewed at once', async ({
    inspector,
    page,
  }) => {
    const legacy = await provisionAccepted(inspector, page);
    // the server loses the session that asked (as a restart would): it is ended behind the page's back
    const sessionId = /session ([0-9a-f-]{8,})/.exec((await inspector.status.textContent()) ?? '')?.[1];
    expect(sessionId).toBeDefined();
    const { mockUrl } = await page.request
      .get('/__inspector/config')
      .then((r) => r.json() as Promise<{ mockUrl: string }>);
    expect((await page.request.delete(mockUrl, { headers: { 'mcp-session-id': sessionId! } })).status()).toBe(200);

    await legacy.sendResponse();
    await expect(legacy.pushedLeg(1, 'elicitation/create')).toContainText(
      'answers elicitation/create #0 (not delivered)',
    );
    await expect(inspector.result.getByRole('status')).toContainText('the session that asked is gone');

    // that 404 already started a new session: the next call goes straight to it, with no 404 leg of its own first
    await inspector.callTool('test_simple_text');
    await expect(inspector.result).toContainText('This is a simple text response for testing.');
    await expect(
      inspector.timeline.getByRole('button', { name: /^Round 1 tools\/call test_simple_text/ }),
    ).toBeVisible();
    await expect(inspector.timeline.getByRole('button', { name: /^Round 2 tools\/call test_simple_text/ })).toHaveCount(
      0,
    );
  });

  test('a pushed URL-mode elicitation goes through consent; accepted, the call signs in', async ({
    inspector,
    context,
    page,
  }) => {
    await inspector.open();
    const legacy = new LegacyPushedPage(page);
    await legacy.useLegacyEra();
    await inspector.callTool('sign_in');
    const card = legacy.pushed('elicitation/create');
    await expect(card).toContainText('Elicitation (URL)');
    const fullUrl = card.getByLabel('Full URL');
    await expect(fullUrl).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/consent\//);
    await expect(card).toContainText('Not opened yet.');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('button', { name: 'Open in new tab' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.getByRole('button', { name: 'Approve' }).click();
    await expect(tab.getByRole('heading', { name: 'Approved. You can close this tab.' })).toBeVisible();
    await tab.close();
    await page.bringToFront();
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(legacy.responseBody()).toContainText('"action": "accept"');
    await legacy.sendResponse();
    await expect(inspector.result).toContainText('Signed in (flow');
  });

  test('the doctor explains the dual-era bug when an input-needing tool answers -32603 on 2025-11-25', async ({
    inspector,
    page,
  }) => {
    await inspector.open();
    const legacy = new LegacyPushedPage(page);
    await legacy.useLegacyEra();
    await inspector.callTool('dual_era_pitfall');
    await expect(inspector.result).toContainText('Error -32603');
    const doctor = inspector.result.getByRole('region', { name: 'Connection doctor on this call' });
    await expect(doctor).toContainText('The dual-era bug: input_required on a 2025-11-25 connection');
    await expect(doctor).toContainText('dual_era_pitfall needs input');
    await expect(doctor).toContainText('What to do:');
    await expect(doctor).toContainText('pin the era in Connection settings');
  });
});
