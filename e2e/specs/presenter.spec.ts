import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { PresenterPage } from '../pages/presenter-page.ts';

test.describe('presenting a conversation', () => {
  test('the demo steps one leg at a time with captions and arrow keys', async ({ inspector, page }) => {
    const presenter = new PresenterPage(page);
    await inspector.open();
    await presenter.open();
    await expect(presenter.dialog).toContainText('Pick a conversation, or open the demo');
    await presenter.openDemo();
    await expect(presenter.step(1, 2)).toBeVisible();
    await expect(presenter.caption).toHaveText(
      'The client calls provision. The server cannot finish: it needs a region. It returns instead of calling back, handing over a requestState that carries its progress.',
    );
    await expect(presenter.sequence.getByRole('listitem')).toHaveCount(1);

    await page.keyboard.press('ArrowRight');
    await expect(presenter.step(2, 2)).toBeVisible();
    await expect(presenter.caption).toContainText('with its answers (region: eu-west-1)');
    await expect(presenter.caption).toContainText('finishes: “Provisioned orders in eu-west-1”.');
    await expect(presenter.sequence.getByRole('listitem')).toHaveCount(2);
    await expect(presenter.dialog.getByRole('button', { name: 'Next leg' })).toBeDisabled();

    await page.keyboard.press('ArrowLeft');
    await expect(presenter.step(1, 2)).toBeVisible();

    await presenter.pickConversation('slow_job');
    await expect(presenter.step(1, 3)).toBeVisible();
    await expect(presenter.caption).toContainText('meaning “come back later”');
    await presenter.pickConversation('provision billing (tampered state)');
    await page.keyboard.press('End');
    await expect(presenter.caption).toContainText('edited by hand: the inspector is playing a hostile client');
    await expect(presenter.caption).toContainText('refuses with error -32602');

    await page.keyboard.press('Escape');
    await expect(presenter.dialog).toBeHidden();
    // the demo is in the session as recordings, shown offline
    await expect(inspector.timeline.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recording' })).toContainText('Imported from the demo');
  });

  test('the presenter opens a live conversation at its latest leg', async ({ inspector, page }) => {
    const presenter = new PresenterPage(page);
    await inspector.open();
    await inspector.callProvision();
    await inspector.inputRequest('region').getByLabel('Region').selectOption('us-east-1');
    await inspector.inputRequest('region').getByRole('button', { name: 'Accept', exact: true }).click();
    await presenter.open();
    await expect(presenter.step(1, 1)).toBeVisible();
    await expect(presenter.dialog).toContainText('live: more legs may follow');
    await presenter.dialog.getByRole('button', { name: 'Close presenter' }).click();

    await page.keyboard.press('ControlOrMeta+Enter'); // Send retry
    await expect(inspector.result).toContainText('Provisioned orders in us-east-1');
    await presenter.open();
    await expect(presenter.step(2, 2)).toBeVisible();
  });

  test('the command palette lists every action and shortcuts move between legs', async ({ inspector, page }) => {
    const presenter = new PresenterPage(page);
    await inspector.open();
    await presenter.openPalette();
    const options = presenter.palette.getByRole('option');
    for (const title of [
      'Send',
      'Run to completion',
      'Next leg',
      'Previous leg',
      'Export session file',
      'Import session file…',
      'Export HAR (all legs)',
      'Create share link (this conversation)',
      'Clear session…',
      'Open presenter mode',
    ]) {
      await expect(options.filter({ hasText: title }).first()).toBeVisible();
    }
    await expect(options.filter({ hasText: 'Run to completion' })).toContainText('Ctrl+Shift+Enter');
    await page.keyboard.press('Escape');
    await expect(presenter.palette).toBeHidden();

    await inspector.callTool('slow_job');
    await expect(inspector.legs()).toHaveCount(1);
    await page.keyboard.press('ControlOrMeta+Shift+Enter'); // Run to completion
    await expect(inspector.result).toContainText('Job finished');
    const count = await inspector.legs().count();
    await expect(inspector.legs().nth(count - 1)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Alt+ArrowUp');
    await expect(inspector.legs().nth(count - 2)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Alt+ArrowDown');
    await expect(inspector.legs().nth(count - 1)).toHaveAttribute('aria-current', 'true');

    await presenter.runCommand('presenter', 'Open presenter mode');
    await expect(presenter.dialog).toBeVisible();
    await expect(presenter.step(count, count)).toBeVisible();
  });
});
