import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { CompareErasPage } from '../pages/compare-eras-page.ts';

test.describe('Compare eras on the mock (it serves 2026-07-28 and 2025-11-25 at the same URL)', () => {
  test('provision runs in both eras with the answer given here, lined up side by side', async ({ inspector, page }) => {
    await inspector.open();
    await inspector.callProvision();
    await inspector.acceptRegion('ap-south-1');
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Provisioned orders in ap-south-1');

    const compare = new CompareErasPage(page);
    await compare.run();
    // the same answer reaches both eras: one as inputResponses, one as the answer to a pushed elicitation/create
    await expect(compare.row('Outcome')).toContainText(
      /Provisioned orders in ap-south-1.*Provisioned orders in ap-south-1/,
    );
    await expect(compare.row('HTTP round trips')).toHaveText(/HTTP round trips\s*2\s*5/);
    await expect(compare.sequence('2026-07-28')).toContainText('result: input_required');
    await expect(compare.sequence('2025-11-25')).toContainText('initialize');
    await expect(compare.sequence('2025-11-25')).toContainText('elicitation/create (pushed)');
    await expect(compare.sequence('2025-11-25')).toContainText('answer (JSON-RPC response)');
    await expect(compare.pitfall()).toHaveCount(0);
  });

  test('dual_era_pitfall: -32603 on 2025-11-25 is recognised and explained', async ({ inspector, page }) => {
    await inspector.open();
    await inspector.completePitfall();

    const compare = new CompareErasPage(page);
    await compare.run();
    await expect(compare.row('Outcome')).toContainText('-32603');
    await expect(compare.pitfall()).toContainText('input_required on a 2025-11-25 connection');
    await expect(compare.pitfall()).toContainText('legacyShim');
  });
});
