import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';

test.describe('state-only legs: stepping and Run to completion', () => {
  test('each state-only leg stops in the composer until sent', async ({ inspector, page }) => {
    await inspector.open();
    await inspector.callTool('slow_job', async (p) => {
      await p.getByRole('spinbutton', { name: /Polls before done/ }).fill('2');
    });
    await expect(page.getByText(/asked for nothing: it returned only a requestState/)).toBeVisible();
    await expect(inspector.legs()).toHaveCount(1);
    await inspector.sendRetry();
    await expect(inspector.legs()).toHaveCount(2);
    await expect(inspector.composer).toBeVisible();
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Job finished after 2 polls');
  });

  test('Run to completion stops at the round cap with a clear message when the server never finishes', async ({
    inspector,
  }) => {
    await inspector.open();
    await inspector.callTool('slow_job', async (p) => {
      await p.getByRole('spinbutton', { name: /Polls before done/ }).fill('40');
    });
    await expect(inspector.legs()).toHaveCount(1);
    await inspector.composer.getByRole('spinbutton', { name: 'Round cap' }).fill('4');
    await inspector.composer.getByRole('button', { name: 'Run to completion' }).click();
    await expect(inspector.composer.getByRole('status').filter({ hasText: 'round cap' })).toContainText(
      'Stopped at the round cap: the server answered input_required 5 times (cap 4) and has not finished.',
    );
    // the cap counts the call's input_required results (as both SDKs do): the request and 4 retries
    await expect(inspector.legs()).toHaveCount(5);
    await expect(inspector.composer.getByRole('button', { name: 'Send retry' })).toBeEnabled();
  });
});
