import { expect, test } from '../fixtures.ts';
import { LegacyPushedPage } from '../pages/legacy-pushed-page.ts';

test.describe('Requests a 2025-11-25 server pushes are legs, answered from the composer', () => {
  test('a pushed elicitation waits as a JSON-RPC response; edited by hand it is what the server gets', async ({
    inspector,
    page,
  }) => {
    await inspector.open();
    const legacy = new LegacyPushedPage(page);
    await legacy.useLegacyEra();
    await inspector.callTool('provision', async (p) => {
      await p.getByRole('textbox', { name: /Database name/ }).fill('orders');
    });

    const card = legacy.pushed('elicitation/create');
    await expect(card).toBeVisible();
    await expect(legacy.pushedLeg(1, 'elicitation/create')).toBeVisible();
    await card.getByLabel('Region').selectOption('eu-west-1');
    await card.getByRole('button', { name: 'Accept', exact: true }).click();

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
});
