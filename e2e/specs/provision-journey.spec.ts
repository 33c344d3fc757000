import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';

test.describe('stepping one tools/call through every round', () => {
  test('provision asks for a region, holds the retry, and completes when sent', async ({ inspector, page }) => {
    await inspector.open();
    await expect(inspector.serverUrl).toHaveValue(/\/mcp$/);
    await expect(inspector.tool('provision')).toBeVisible();

    await inspector.callProvision();

    const region = inspector.inputRequest('region');
    await expect(region).toContainText('Which region should orders be provisioned in?');
    await region.getByLabel('Region').selectOption('eu-west-1');
    await region.getByRole('button', { name: 'Accept', exact: true }).click();

    // the retry waits in the composer with the exact body about to be sent
    await expect(inspector.composer).toBeVisible();
    const body = inspector.composer.getByLabel('Request body about to be sent');
    await expect(body).toContainText('"inputResponses"');
    await expect(body).toContainText('"eu-west-1"');
    await expect(body).toContainText('"requestState"');
    await expect(inspector.requestState()).toHaveValue(/^v1\./);
    await expect(inspector.legs()).toHaveCount(1);

    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Provisioned orders in eu-west-1');
    await expect(inspector.legs()).toHaveCount(2);
    await expect(inspector.legs().nth(0)).toContainText('input_required');
    await expect(inspector.legs().nth(1)).toContainText('complete');

    // selecting a leg shows its raw request and response
    await inspector.legs().nth(0).getByRole('button').click();
    const legInspector = page.getByRole('region', { name: 'Leg inspector' });
    await legInspector.getByRole('tab', { name: 'Request' }).click();
    await expect(legInspector.getByRole('table', { name: 'Request headers' })).toContainText('Mcp-Name');
  });

  test('declining the region ends with the server explaining nothing was created', async ({ inspector }) => {
    await inspector.open();
    await inspector.callProvision('billing');
    await inspector.inputRequest('region').getByRole('button', { name: 'Decline' }).click();
    await expect(inspector.composer.getByLabel('Request body about to be sent')).toContainText('"decline"');
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('isError');
    await expect(inspector.result).toContainText('Provisioning declined');
  });

  test('a tampered requestState is rejected with the frozen -32602 error', async ({ inspector }) => {
    await inspector.open();
    await inspector.callProvision();
    await inspector.inputRequest('region').getByLabel('Region').selectOption('us-east-1');
    await inspector.inputRequest('region').getByRole('button', { name: 'Accept', exact: true }).click();
    const state = inspector.requestState();
    const original = await state.inputValue();
    const i = 10;
    const flipped = original.slice(0, i) + (original[i] === 'A' ? 'B' : 'A') + original.slice(i + 1);
    await state.fill(flipped);
    await expect(inspector.composer.getByRole('alert')).toContainText('Tampering');
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('-32602');
    await expect(inspector.result).toContainText('Invalid or expired requestState');
    await expect(inspector.legs().nth(1)).toContainText('edited by you');
  });

  test('?server= in the page URL connects on load', async ({ inspector, page }) => {
    const mock = await inspector.page.request
      .get('/__inspector/config')
      .then((r) => r.json() as Promise<{ mockUrl: string }>);
    await page.goto(`/?server=${encodeURIComponent(mock.mockUrl.replace('/mcp', '/chaos'))}`);
    await expect(inspector.status).toContainText('mrtr-chaos');
  });
});
