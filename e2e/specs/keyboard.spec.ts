import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { KeyboardPage } from '../pages/keyboard-page.ts';

test.describe('keyboard only: focus follows each step of a call', () => {
  test('provision from Connect to the Result with Tab, Enter and arrow keys', async ({ inspector, page }) => {
    // a hundred-odd key presses, each checked for focus: past 30 s on a loaded 2-core machine (33 s in one CI run)
    test.slow();
    const keys = new KeyboardPage(page);
    const callPanel = page.getByRole('region', { name: 'Call', exact: true });
    const databaseName = callPanel.getByRole('textbox', { name: 'Database name', exact: true });
    const callTool = callPanel.getByRole('button', { name: 'Call tool' });

    await inspector.open();
    await keys.tabTo(inspector.connect);
    await keys.press('Enter');
    await expect(inspector.status).toContainText('connected');

    // picking a tool lands on its first argument, not 37 Tabs later
    await keys.tabTo(inspector.tool('provision'));
    await keys.press('Enter');
    await expect(databaseName).toBeFocused();
    await keys.type('orders');

    // the typed name survives a look at another tool
    await keys.tabTo(inspector.tool('slow_job'), { back: true });
    await keys.press('Enter');
    await expect(callPanel.getByRole('spinbutton', { name: 'Polls before done' })).toBeFocused();
    await keys.tabTo(inspector.tool('provision'), { back: true });
    await keys.press('Enter');
    await expect(databaseName).toBeFocused();
    await expect(databaseName).toHaveValue('orders');

    // Call tool: focus goes to the request the server sends back
    expect(await keys.tabTo(callTool, { max: 3 })).toBeLessThanOrEqual(3);
    await keys.press('Enter');
    const request = inspector.inputRequest('region');
    await expect(request).toBeFocused();
    await expect(request).toContainText('Which region should orders be provisioned in?');

    await keys.answerRegion(request);

    // the only request is answered: on to Send retry
    const sendRetry = inspector.composer.getByRole('button', { name: 'Send retry' });
    await expect(sendRetry).toBeFocused();
    await keys.press('Enter');

    await expect(inspector.result).toBeFocused();
    await expect(inspector.result).toContainText('Provisioned orders in eu-west-1');
    await expect(inspector.legs()).toHaveCount(2);
  });

  test('Call tool keeps focus while the call is in flight and ignores a second press', async ({ inspector, page }) => {
    const keys = new KeyboardPage(page);
    await inspector.open();
    // hold the tools/call until both presses are in, so the second lands while the first is in flight
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith('/mcp'),
      async (route) => {
        if (route.request().postData()?.includes('"tools/call"')) await held;
        await route.continue();
      },
    );
    await inspector.tool('slow_job').click();
    const callTool = page.getByRole('button', { name: 'Call tool' });
    const polls = page.getByRole('spinbutton', { name: 'Polls before done' });
    await expect(polls).toBeFocused();
    await polls.fill('0');
    await keys.tabTo(callTool, { max: 3 });
    await keys.press('Space');
    await expect(callTool).toHaveAttribute('aria-disabled', 'true');
    await expect(callTool).toBeFocused();
    await keys.press('Space');
    release();
    await expect(inspector.result).toBeFocused();
    await expect(inspector.result).toContainText('complete');
    // one conversation of one leg: the second press was ignored, not queued
    await expect(inspector.timeline.getByRole('button', { name: /^Round 1 tools\/call slow_job/ })).toHaveCount(1);
  });

  test('arguments typed for a tool are still there after picking another tool and coming back', async ({
    inspector,
    page,
  }) => {
    await inspector.open();
    const name = page.getByRole('textbox', { name: 'Database name', exact: true });
    await inspector.tool('provision').click();
    await name.fill('keepme');
    await inspector.tool('slow_job').click();
    await expect(name).toHaveCount(0);
    await inspector.tool('provision').click();
    await expect(name).toHaveValue('keepme');
    // and they are what the call sends
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect(inspector.inputRequest('region')).toContainText('Which region should keepme be provisioned in?');
  });
});
