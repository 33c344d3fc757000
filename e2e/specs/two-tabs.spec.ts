import { expect, type BrowserContext } from '@playwright/test';
import { test } from '../fixtures.ts';
import { InspectorPage } from '../pages/inspector-page.ts';
import { SessionPage } from '../pages/session-page.ts';
import { TabSavingPage } from '../pages/tab-saving-page.ts';

/** Another tab of the same browser (same storage, same Web Locks), opened and connected. */
async function openTab(context: BrowserContext) {
  const inspector = new InspectorPage(await context.newPage());
  await inspector.open();
  return { inspector, session: new SessionPage(inspector.page), tabs: new TabSavingPage(inspector.page) };
}

/** The test's own page as the first tab: opened, one provision call made and saved. */
async function firstTabWithOneSavedCall(inspector: InspectorPage) {
  const tab = { session: new SessionPage(inspector.page), tabs: new TabSavingPage(inspector.page) };
  await inspector.open();
  await inspector.provisionOrders();
  await tab.session.waitSaved(2);
  return tab;
}

const OPEN_ELSEWHERE = 'This session is open in another tab: changes made here are not saved.';
const TAKEN_OVER =
  'Another tab took over saving: changes here are no longer saved. Export to keep them, or reload to continue from the saved session.';

test.describe('two tabs of one browser', () => {
  test('only one tab saves; a second tab says so and writes nothing', async ({ inspector, page }) => {
    const a = await firstTabWithOneSavedCall(inspector);

    const b = await openTab(page.context());
    await expect(b.tabs.notice).toContainText(OPEN_ELSEWHERE);
    await expect(b.session.autosave).toHaveText('Not saving: open in another tab');
    await expect(b.inspector.legs()).toHaveCount(2);
    await b.inspector.provisionOrders('ap-south-1');
    await expect(b.inspector.legs()).toHaveCount(4);
    await expect(b.session.autosave).toHaveText('Not saving: open in another tab');
    await expect(a.tabs.notice).toBeHidden();

    // a third tab starts from storage: only the first tab's conversation is there
    const third = await openTab(page.context());
    await expect(third.inspector.legs()).toHaveCount(2);
    await expect(third.inspector.result).toContainText('Provisioned orders in eu-west-1');
  });

  test('"Save from this tab instead" writes that tab\'s whole session; the other tab stops and keeps its work', async ({
    inspector,
    page,
  }) => {
    const a = await firstTabWithOneSavedCall(inspector);
    const b = await openTab(page.context());
    await b.inspector.provisionOrders('ap-south-1');

    await b.tabs.button('Save from this tab instead').click();
    await expect(b.session.autosave).toHaveText('Saved · 2 conversations, 4 legs');
    await expect(b.tabs.notice).toBeHidden();
    await expect(a.tabs.notice).toContainText(TAKEN_OVER);
    await expect(a.session.autosave).toHaveText('Not saving: another tab took over');

    // the first tab keeps what it does in memory and can export it, but writes nothing
    await inspector.provisionOrders('us-east-1');
    await expect(inspector.legs()).toHaveCount(4);
    const exported = await a.session.download('Export session');
    expect(JSON.parse(exported.text).session.order).toHaveLength(2);
    const third = await openTab(page.context());
    await expect(third.inspector.legs()).toHaveCount(4);
    await expect(third.inspector.result).toContainText('Provisioned orders in ap-south-1');
  });

  test('after the saving tab closes, "Keep this tab\'s session and save it" saves the waiting tab\'s work', async ({
    inspector,
    page,
  }) => {
    await firstTabWithOneSavedCall(inspector);
    const b = await openTab(page.context());
    await b.inspector.provisionOrders('ap-south-1');
    await page.close();

    await expect(b.tabs.notice).toContainText('The other tab closed.');
    await expect(b.session.autosave).toHaveText('Not saving: choose below');
    await b.tabs.button("Keep this tab's session and save it").click();
    await expect(b.session.autosave).toHaveText('Saved · 2 conversations, 4 legs');
    await expect(b.tabs.notice).toBeHidden();
    const third = await openTab(b.inspector.page.context());
    await expect(third.tabs.notice).toContainText(OPEN_ELSEWHERE);
    await expect(third.inspector.legs()).toHaveCount(4);
    await expect(third.inspector.result).toContainText('Provisioned orders in ap-south-1');
  });

  test('after the saving tab closes, "Load the saved session" shows its latest work and saves from there', async ({
    inspector,
    page,
  }) => {
    const a = (await firstTabWithOneSavedCall(inspector)).session;
    const b = await openTab(page.context());
    await b.inspector.provisionOrders('ap-south-1');
    // the first tab goes on working after the second opened: storage is newer than the second tab's copy
    await inspector.provisionOrders('us-east-1');
    await a.waitSaved(4);
    await page.close();

    await expect(b.tabs.notice).toContainText('The other tab closed.');
    await b.tabs.button('Load the saved session').click();
    await expect(b.session.autosave).toHaveText('Saved · 2 conversations, 4 legs');
    await expect(b.inspector.result).toContainText('Provisioned orders in us-east-1');
    await expect(b.tabs.notice).toBeHidden();
  });

  test('reloading the saving tab keeps it the saving tab', async ({ inspector, page }) => {
    const a = await firstTabWithOneSavedCall(inspector);
    const b = await openTab(page.context());
    await expect(b.tabs.notice).toContainText(OPEN_ELSEWHERE);

    await page.reload();
    await expect(a.session.autosave).toHaveText('Saved · 1 conversation, 2 legs');
    await inspector.provisionOrders('us-east-1');
    await a.session.waitSaved(4);
    await expect(a.tabs.notice).toBeHidden();
    await expect(b.tabs.notice).toContainText(OPEN_ELSEWHERE);
  });
});
