import { expect } from '@playwright/test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoAxeViolations } from '../axe.ts';
import { test } from '../fixtures.ts';
import { CompareRunsPage } from '../pages/compare-runs-page.ts';
import { SessionPage } from '../pages/session-page.ts';

test.describe('Compare runs', () => {
  // two axe scans on a busy 2-core machine take a while
  test.describe.configure({ timeout: 120_000 });

  test('two runs of provision differ only in the region, until that field is ignored', async ({ inspector, page }) => {
    const compare = new CompareRunsPage(page);
    await inspector.open();
    await inspector.provisionOrders('eu-west-1');
    await inspector.provisionOrders('us-east-1');
    await compare.open.click();
    await expect(compare.runA.locator('option:checked')).toHaveText('#1 provision (live, 2 rounds)');
    await expect(compare.runB.locator('option:checked')).toHaveText('#2 provision (live, 2 rounds)');
    await expect(compare.verdict).toHaveText('Differs in 1 of 2 rounds.');
    await expect(compare.round(1)).toContainText('same');
    const round2 = compare.round(2);
    await expect(round2).toContainText('content at content.0.text');
    await expect(round2).toContainText('- A: "Provisioned orders in eu-west-1');
    await expect(round2).toContainText('+ B: "Provisioned orders in us-east-1');
    await expectNoAxeViolations(page, 'compare runs, a difference');

    await compare.ignore.fill('content.0.text');
    await expect(compare.verdict).toHaveText('Same in every round (2).');
  });

  test('the current session against an exported session file, and a file that is not one', async ({
    inspector,
    page,
  }) => {
    const dir = await mkdtemp(join(tmpdir(), 'mrtr-compare-'));
    const compare = new CompareRunsPage(page);
    const session = new SessionPage(page);
    await inspector.open();
    await inspector.provisionOrders('eu-west-1');
    const exported = await session.download('Export session');
    await inspector.provisionOrders('us-east-1');

    await compare.open.click();
    await compare.addFile('before.json', exported.text, dir);
    await expect(compare.panel.getByRole('status').first()).toContainText('1 run from before.json added');
    // the file's run is A, this session's run of the same call is B
    await expect(compare.runA.locator('option:checked')).toHaveText(/^provision \(from before\.json, 2 rounds\)$/);
    await expect(compare.verdict).toHaveText('Same in every round (2).');

    await compare.runB.selectOption({ label: (await optionLabel(compare, /^#2 /))! });
    await expect(compare.verdict).toHaveText('Differs in 1 of 2 rounds.');
    await expect(compare.round(2)).toContainText('+ B: "Provisioned orders in us-east-1');
    await expectNoAxeViolations(page, 'compare runs with an imported file');

    await compare.addFile('notes.json', '{"hello": 1', dir);
    await expect(compare.problem).toContainText('notes.json is not a session file or HAR: The file is not valid JSON');
    // what was there stays
    await expect(compare.verdict).toHaveText('Differs in 1 of 2 rounds.');
  });
});

async function optionLabel(compare: CompareRunsPage, pattern: RegExp): Promise<string | undefined> {
  const labels = await compare.runB.locator('option').allTextContents();
  return labels.find((l) => pattern.test(l));
}
