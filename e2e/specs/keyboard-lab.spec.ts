import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { KeyboardPage } from '../pages/keyboard-page.ts';

test.describe('keyboard only: the lab, a tampered retry and the timeline', () => {
  test('flip a requestState byte, send it, read the refusal and move through the legs without a mouse', async ({
    inspector,
    page,
  }) => {
    const keys = new KeyboardPage(page);
    const callPanel = page.getByRole('region', { name: 'Call', exact: true });
    await inspector.open();

    await keys.tabTo(inspector.tool('provision'));
    await keys.press('Enter');
    await expect(callPanel.getByRole('textbox', { name: 'Database name', exact: true })).toBeFocused();
    await expect(page.locator(':focus-visible')).toHaveCount(1);
    await keys.type('orders');
    await keys.tabTo(callPanel.getByRole('button', { name: 'Call tool' }), { max: 3 });
    await keys.press('Enter');

    const request = inspector.inputRequest('region');
    await expect(request).toBeFocused();
    await keys.answerRegion(request);
    const sendRetry = inspector.composer.getByRole('button', { name: 'Send retry' });
    await expect(sendRetry).toBeFocused();

    // open the requestState lab (a disclosure) and flip byte 3 with the arrow keys
    const labToggle = inspector.composer.locator('summary').filter({ hasText: /^requestState lab/ });
    await keys.tabTo(labToggle, { back: true });
    await keys.press('Enter');
    const lab = inspector.composer.getByRole('region', { name: 'requestState lab' });
    await expect(lab).toBeVisible();
    await keys.tabTo(lab.getByRole('tab', { name: 'Bytes' }));
    await expect(lab.getByRole('tab', { name: 'Bytes' })).toHaveAttribute('aria-selected', 'true');
    const byte0 = lab.getByRole('button', { name: /^byte 0: 0x/ });
    await keys.tabTo(byte0, { max: 10 });
    for (let i = 0; i < 3; i += 1) await keys.press('ArrowRight');
    const byte3 = lab.getByRole('button', { name: /^byte 3: 0x/ });
    await expect(byte3).toBeFocused();
    await keys.press('Enter');
    await expect(lab.getByRole('region', { name: 'Diff against original' })).toContainText('1 byte');

    // the tampered retry goes out and the server's refusal is read in the Result
    await keys.tabTo(sendRetry);
    await keys.press('Enter');
    await expect(inspector.result).toContainText('-32602');
    await expect(inspector.result).toContainText('Invalid or expired requestState');

    // through the timeline: each leg is a button; Enter selects it and the leg inspector follows
    const first = inspector.legs().nth(0).getByRole('button');
    const second = inspector.legs().nth(1).getByRole('button');
    await keys.tabTo(first);
    await keys.press('Enter');
    await expect(inspector.legs().nth(0)).toHaveAttribute('aria-current', 'true');
    await keys.tabTo(second, { max: 3 });
    await keys.press('Enter');
    await expect(inspector.legs().nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('region', { name: 'Leg inspector' })).toContainText('provision · round 2');
    await expect(inspector.legs().nth(1)).toContainText('edited by you');
    // focus is always drawn: the focused control matches :focus-visible and has a ring or an outline
    const drawn = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || !el.matches(':focus-visible')) return false;
      const style = getComputedStyle(el);
      return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
    });
    expect(drawn).toBe(true);
  });
});
