import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';

// A user who picks a tool and types at once, in a page that has just opened (nothing warmed yet): the focus move that
// follows the pick must land every keystroke in the argument field, never swallow or scatter one.
test.describe('typing at once after picking a tool', () => {
  test('keys typed right after the pick land in the first argument, in a fresh page', async ({ inspector, page }) => {
    await inspector.open();
    await inspector.tool('provision').click();
    // no wait for the form: the keys go wherever focus is, as a person's would
    await page.keyboard.type('orders-db', { delay: 0 });
    const field = page.getByRole('textbox', { name: /Database name/ });
    await expect(field).toHaveValue('orders-db');
    await expect(field).toBeFocused();
  });

  test('typing into the argument field straight away keeps every key, in a fresh page', async ({ inspector, page }) => {
    await inspector.open();
    await inspector.tool('provision').click();
    const field = page.getByRole('textbox', { name: /Database name/ });
    await field.pressSequentially('inventory', { delay: 0 });
    await expect(field).toHaveValue('inventory');
  });
});
