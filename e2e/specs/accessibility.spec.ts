import { expect } from '@playwright/test';
import { expectNoAxeViolationsInBothThemes } from '../axe.ts';
import { test } from '../fixtures.ts';
import { ComposerPage } from '../pages/composer-page.ts';
import { ConnectionPage } from '../pages/connection-page.ts';
import { ConnectionTrafficPage } from '../pages/connection-traffic-page.ts';
import { InputRequestsPage } from '../pages/input-requests-page.ts';
import { TimelinePage } from '../pages/timeline-page.ts';

// Every screen and state a user meets, scanned with axe-core (WCAG 2.1 A and AA) in both themes: each state is
// reached once and scanned in the light theme, then in the dark one.
test.describe('accessibility', () => {
  // each test scans a dozen states twice; a full axe run takes a second or more on a busy 2-core machine. The tests
  // are independent (each opens its own page), so both workers of a full run can share them.
  test.describe.configure({ mode: 'parallel', timeout: 180_000 });

  test('connecting, an input request, the composer and its editors', async ({ inspector, page }) => {
    const composer = new ComposerPage(page);
    await inspector.open();
    await expectNoAxeViolationsInBothThemes(page, 'connected');

    await inspector.callProvision();
    await expect(inspector.inputRequest('region')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'form input request');

    await inspector.acceptRegion();
    await expect(inspector.composer).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'composer');

    await composer.openEditors();
    await expect(composer.answersJson()).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'composer editors open', inspector.composer);
  });

  test('the requestState lab, the tamper matrix and a rejected state', async ({ inspector, page }) => {
    const composer = new ComposerPage(page);
    await inspector.open();
    await inspector.callProvision();
    await inspector.acceptRegion();
    await composer.openLab();
    // the tabs change only the lab: after the first, colour contrast is measured again within the lab only
    for (const tab of ['Bytes', 'Text', 'Decoded']) {
      await composer.lab.getByRole('tab', { name: tab }).click();
      await expect(composer.lab.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectNoAxeViolationsInBothThemes(page, `requestState lab: ${tab}`, composer.lab);
    }
    await composer.flipByte(3);
    await expectNoAxeViolationsInBothThemes(page, 'requestState lab: edited');

    await expect(composer.matrix).toBeVisible();
    await composer.runMatrix();
    await expect(composer.matrixResults).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'tamper matrix results');

    await inspector.sendRetry();
    await expect(inspector.result).toContainText('-32602');
    await expectNoAxeViolationsInBothThemes(page, 'result: error with recovery');
  });

  test('a complete result and every input request kind', async ({ inspector, page }) => {
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await inspector.callTool('configure_service');
    await expect(ui.request('config')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'every form field kind');
    const form = ui.request('config');
    await form.getByLabel('Owner email', { exact: true }).fill('ops@example.com');
    await form.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'Staging' });
    await ui.accept('config');
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Service configured with');
    await expectNoAxeViolationsInBothThemes(page, 'result: complete');

    await inspector.callTool('plan_trip');
    await expect(ui.request('preferences')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'form + sampling + roots requests');

    await inspector.callTool('sign_in');
    await expect(ui.request('sign_in')).toContainText('Elicitation (URL)');
    await expectNoAxeViolationsInBothThemes(page, 'URL consent request');

    await ui.connectTo('/chaos');
    await inspector.callTool('unknown_input_method');
    await expect(ui.request('spin')).toContainText('Unknown method');
    await expectNoAxeViolationsInBothThemes(page, 'unknown input request');
  });

  test('timeline, leg inspector tabs, conversation views and filters', async ({ inspector, page }) => {
    const timeline = new TimelinePage(inspector);
    await inspector.open();
    await inspector.provisionOrders();
    await timeline.selectLeg(1);
    // a tab or a view changes only its region: colour contrast is measured again within that region only
    for (const tab of ['Request', 'Response', /^Lint/, 'Diff', 'Copy']) {
      await timeline.tab(tab);
      await expect(timeline.legInspector.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectNoAxeViolationsInBothThemes(page, `leg inspector: ${String(tab)}`, timeline.legInspector);
    }
    for (const view of ['Waterfall', 'Sequence', /^Findings/] as const) {
      await timeline.view(view);
      await expect(timeline.views.getByRole('tab', { name: view })).toHaveAttribute('aria-selected', 'true');
      await expectNoAxeViolationsInBothThemes(page, `conversation view: ${String(view)}`, timeline.views);
    }
    await timeline
      .conversation(/provision/)
      .first()
      .click();
    await expectNoAxeViolationsInBothThemes(page, 'timeline folded');
  });

  test('the timeline with connection traffic shown, a connection leg in the inspector', async ({ inspector, page }) => {
    const traffic = new ConnectionTrafficPage(inspector);
    await inspector.open();
    await inspector.callTool('test_simple_text');
    await expect(inspector.legs()).toHaveCount(1);
    await expect(traffic.hiddenCount).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'connection traffic hidden');
    await traffic.show();
    await expect(traffic.leg('server/discover')).toBeVisible();
    await traffic.leg('server/discover').click();
    await expect(traffic.legInspector).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'connection traffic shown');
  });

  test('connection settings, saved connections, the doctor, palette and presenter', async ({ inspector, page }) => {
    const connection = new ConnectionPage(page);
    await inspector.open();
    await connection.openSettings();
    await expectNoAxeViolationsInBothThemes(page, 'connection settings');

    await inspector.serverUrl.fill(`${new URL(page.url()).origin}/not-an-mcp-endpoint`);
    await inspector.connect.click();
    await connection.expectFailed();
    await expectNoAxeViolationsInBothThemes(page, 'connection doctor');

    await page.getByRole('button', { name: /^Commands/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'command palette');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Presenter', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'presenter');
  });
});
