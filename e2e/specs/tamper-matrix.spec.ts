import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { ComposerPage } from '../pages/composer-page.ts';
import type { InspectorPage } from '../pages/inspector-page.ts';

/** Call an approve_payment variant, approve in the form, and leave the retry paused in the composer. */
async function pausedPayment(inspector: InspectorPage, variant: string) {
  await inspector.open();
  await inspector.callTool(`approve_payment_${variant}`);
  const confirm = inspector.inputRequest('confirm');
  await confirm.getByLabel('Approve this payment').check();
  await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(inspector.composer.getByLabel('Request body about to be sent')).toContainText('"accept"');
}

test.describe('tamper matrix: each standard mutation on its own fork', () => {
  test('a signed state rejects every tampered token while the control is accepted', async ({ inspector, page }) => {
    const c = new ComposerPage(page);
    await pausedPayment(inspector, 'signed');
    await c.runMatrix();
    await expect(inspector.composer.getByRole('status').filter({ hasText: 'Tamper matrix finished' })).toBeVisible();

    await expect(c.matrixRow('Unchanged (control)')).toContainText('accepted!');
    await expect(c.matrixRow('Unchanged (control)')).toContainText('Approved payment of 120 EUR');
    for (const label of [
      'Flip a payload bit',
      'Flip a MAC bit',
      'Truncate to half',
      'Rewrite a number in the payload',
    ]) {
      await expect(c.matrixRow(label)).toContainText('-32602 Invalid or expired requestState');
    }
    await expect(c.matrixRow('Replay after expiry')).toContainText('skipped: the token expires in');
    // the paused leg itself was not sent
    await expect(inspector.requestState()).toHaveValue(/^v1\./);
    await expect(inspector.composer.getByRole('button', { name: 'Send retry' })).toBeEnabled();
  });

  test('an unprotected state is accepted when tampered and the approved amount changes', async ({
    inspector,
    page,
  }) => {
    const c = new ComposerPage(page);
    await pausedPayment(inspector, 'unprotected');
    await c.runMatrix();
    await expect(inspector.composer.getByRole('status').filter({ hasText: 'Tamper matrix finished' })).toBeVisible();

    await expect(c.matrixRow('Unchanged (control)')).toContainText('Approved payment of 120 EUR');
    const rewritten = c.matrixRow('Rewrite a number in the payload');
    await expect(rewritten).toContainText('accepted!');
    await expect(rewritten).toContainText('Approved payment of 12000 EUR');
    await expect(c.matrixRow('Flip a MAC bit')).toHaveCount(0);
    await expect(c.matrixRow('Replay after expiry')).toContainText('skipped: the token carries no exp');
  });

  test('a short-lived token is replayed after its exp passes, with a countdown, and rejected', async ({
    inspector,
    page,
  }) => {
    const c = new ComposerPage(page);
    await pausedPayment(inspector, 'short_ttl');
    await c.runMatrix();
    await expect(inspector.composer.getByRole('timer', { name: 'Wait before the next leg' })).toContainText(
      'waiting for the requestState to expire',
    );
    await expect(c.matrixRow('Replay after expiry')).toContainText('-32602 Invalid or expired requestState', {
      timeout: 15_000,
    });
    await expect(inspector.composer.getByRole('timer')).toHaveCount(0);
  });
});
