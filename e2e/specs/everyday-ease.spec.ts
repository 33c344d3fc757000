import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { EasePage } from '../pages/ease-page.ts';
import { ComposerPage } from '../pages/composer-page.ts';

test.describe('everyday ease: one-step rounds, argument checks, plain words', () => {
  test('Accept and send answers and sends the round in one click, and what went out stays in view', async ({
    inspector,
    page,
  }) => {
    const ease = new EasePage(page);
    await inspector.open();
    await inspector.callProvision();
    const region = inspector.inputRequest('region');
    // the card says which server is asking: its name and origin
    await expect(region).toContainText(/Asked by .+ at http:\/\/127\.0\.0\.1:\d+/);
    await region.getByLabel('Region').selectOption('eu-west-1');
    await region.getByRole('button', { name: 'Accept and send' }).click();
    await expect(inspector.result).toContainText('Provisioned orders in eu-west-1');
    await expect(inspector.legs()).toHaveCount(2);
    await ease.sentSummary().click();
    await expect(page.getByLabel('Request body that was sent')).toContainText('"eu-west-1"');
  });

  test('holding only edited legs sends a plain Accept at once, but an edited leg is held and says why', async ({
    inspector,
    page,
  }) => {
    const ease = new EasePage(page);
    const composer = new ComposerPage(page);
    await inspector.open();
    await ease.holdLegs('Only when I edit something');

    await inspector.callProvision();
    await inspector.inputRequest('region').getByLabel('Region').selectOption('us-east-1');
    await inspector.inputRequest('region').getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(inspector.result).toContainText('Provisioned orders in us-east-1');

    await inspector.callTool('provision');
    await composer.openEditors();
    await inspector.composer.getByRole('textbox', { name: /^Extra headers/ }).fill('X-Debug: 1');
    await inspector.inputRequest('region').getByLabel('Region').selectOption('us-east-1');
    await inspector.inputRequest('region').getByRole('button', { name: 'Accept and send' }).click();
    await expect(inspector.composer.getByRole('status')).toContainText('Held: you edited headers');
    await expect(inspector.composer.getByRole('button', { name: 'Send retry' })).toBeEnabled();
  });

  test('an ordinary answer is not called an edit', async ({ inspector }) => {
    await inspector.open();
    await inspector.callProvision('plain');
    await inspector.inputRequest('region').getByLabel('Region').selectOption('eu-west-1');
    await inspector.inputRequest('region').getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(inspector.composer.getByText(/^Edit the request/)).toBeVisible();
    await expect(inspector.composer.getByText(/edited:/)).toHaveCount(0);
  });

  test('Call tool explains a missing required argument and sends nothing until Send anyway', async ({
    inspector,
    page,
  }) => {
    const ease = new EasePage(page);
    await inspector.open();
    await inspector.tool('provision').click();
    // the required mark stays on the label's line
    const label = ease.callRegion.getByText('Database name', { exact: true });
    const mark = ease.callRegion.getByTitle('required');
    const [l, m] = [await label.boundingBox(), await mark.boundingBox()];
    expect(l && m && Math.abs(m.y - l.y) < l.height).toBe(true);

    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(ease.argumentsAlert()).toContainText('name is required');
    await expect(inspector.legs()).toHaveCount(0);

    await ease.argumentsAlert().getByRole('button', { name: 'Send anyway' }).click();
    await expect(inspector.result).toContainText(/-32602|invalid|Invalid/);
    await expect(inspector.legs()).toHaveCount(1);
  });
});
