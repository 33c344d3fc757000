import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { SessionPage } from '../pages/session-page.ts';

test.describe('the session survives a reload', () => {
  test('a completed call is back after a reload: legs, result and selection', async ({ inspector, page }) => {
    const session = new SessionPage(page);
    await inspector.open();
    await inspector.provisionOrders();
    await session.waitSaved(2);

    await page.reload();
    await expect(inspector.legs()).toHaveCount(2);
    await expect(inspector.legs().nth(0)).toContainText('input_required');
    await expect(inspector.legs().nth(1)).toContainText('complete');
    await expect(inspector.result).toContainText('Provisioned orders in eu-west-1');
    await expect(inspector.legs().nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(inspector.status).toContainText('connected');
    await expect(session.autosave).toContainText('Saved · 1 conversation, 2 legs');
  });

  test('a half-answered call comes back waiting in the composer', async ({ inspector, page }) => {
    const session = new SessionPage(page);
    await inspector.open();
    await inspector.callProvision();
    await inspector.inputRequest('region').getByLabel('Region').selectOption('ap-south-1');
    await inspector.inputRequest('region').getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(inspector.composer.getByLabel('Request body about to be sent')).toContainText('ap-south-1');
    await session.waitSaved(1);
    await page.reload();
    await expect(inspector.composer.getByLabel('Request body about to be sent')).toContainText('ap-south-1');
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Provisioned orders in ap-south-1');
  });

  test('clearing asks first, then empties the session for good', async ({ inspector, page }) => {
    const session = new SessionPage(page);
    await inspector.open();
    await inspector.provisionOrders();
    await session.button('Clear session').click();
    const confirm = page.getByRole('alertdialog', { name: 'Clear the whole session?' });
    await confirm.getByRole('button', { name: 'Keep session' }).click();
    await expect(confirm).toBeHidden();
    await expect(inspector.legs()).toHaveCount(2);

    await session.clear();
    await expect(inspector.legs()).toHaveCount(0);
    await expect(session.message).toContainText('The session was cleared');
    await session.waitSaved(0);
    await page.reload();
    await expect(inspector.status).toContainText('connected');
    await expect(inspector.legs()).toHaveCount(0);
  });

  test('corrupted saved data gives a clear message and the settings still load', async ({ inspector, page }) => {
    const session = new SessionPage(page);
    await inspector.open();
    await inspector.provisionOrders();
    await session.waitSaved(2);
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('mrtr-inspector', 1);
          open.onsuccess = () => {
            const tx = open.result.transaction('kv', 'readwrite');
            tx.objectStore('kv').put(
              '{"format":"mrtr-inspector-session","version":1,"exportedAt":"","redacted":true,"session":{"conversations":[],"order":[],"legs":{},"nextRpcId":1}}',
              'inspector/session',
            );
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    await page.reload();
    await expect(session.problem).toContainText(
      'The saved session could not be read (session.conversations: Invalid input: expected record, received array).',
    );
    await expect(session.problem).toContainText('set aside, not deleted');
    await expect(inspector.status).toContainText('connected');
    await expect(inspector.legs()).toHaveCount(0);
    const unreadable = page.waitForEvent('download');
    await session.problem.getByRole('button', { name: 'Download unreadable data' }).click();
    expect((await unreadable).suggestedFilename()).toMatch(/unreadable\.json$/);
  });
});
