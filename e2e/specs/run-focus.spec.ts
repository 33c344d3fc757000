import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { RunFocusPage } from '../pages/run-focus-page.ts';

test.describe('Run to completion: focus goes where the run stops', () => {
  test('slow_job: the run finishes the call and focus lands on the Result', async ({ inspector }) => {
    const run = new RunFocusPage(inspector);
    await inspector.open();
    await inspector.callTool('slow_job');
    await expect(inspector.legs()).toHaveCount(1);
    await run.runFromKeyboard();
    await expect(inspector.result).toContainText('Job finished after 3 polls');
    await expect(inspector.result).toBeFocused();
    await expect(inspector.legs()).toHaveCount(4);
  });

  test('rolling_upgrade: the run pauses at the next form and focus lands on its request group', async ({
    inspector,
  }) => {
    const run = new RunFocusPage(inspector);
    await inspector.open();
    await run.answerFirstUpgradeRound();
    await run.runFromKeyboard();
    const window = inspector.inputRequest('maintenance_window');
    await expect(window).toContainText('Round 2 of 3');
    await expect(window).toBeFocused();
    await expect(inspector.composer.getByRole('status')).toContainText('Paused: the server asked for input');
  });

  test('a run that cannot send because a request is unanswered moves focus to that request', async ({ inspector }) => {
    const run = new RunFocusPage(inspector);
    await inspector.open();
    await inspector.callTool('rolling_upgrade');
    await expect(inspector.inputRequest('target_version')).toBeVisible();
    await run.runFromKeyboard();
    await expect(inspector.inputRequest('target_version')).toBeFocused();
    await expect(inspector.legs()).toHaveCount(1);
  });
});
