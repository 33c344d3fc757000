import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { ComposerPage } from '../pages/composer-page.ts';
import { RecoveryPage } from '../pages/recovery-page.ts';
import type { InspectorPage } from '../pages/inspector-page.ts';

async function provisionPaused(inspector: InspectorPage, name: string) {
  await inspector.open();
  await inspector.callProvision(name);
  await expect(inspector.inputRequest('region')).toBeVisible();
}

test.describe('composer: hold, edit and resend the next leg', () => {
  test('flipping one byte in the hex grid is flagged as tampering and the server answers -32602', async ({
    inspector,
    page,
  }) => {
    const c = new ComposerPage(page);
    await provisionPaused(inspector, 'orders');
    await inspector.inputRequest('region').getByLabel('Region').selectOption('us-east-1');
    await inspector.inputRequest('region').getByRole('button', { name: 'Accept', exact: true }).click();
    const original = await inspector.requestState().inputValue();

    await c.openLab();
    await c.flipByte(12);
    await expect(inspector.requestState()).not.toHaveValue(original);
    await expect(inspector.composer.getByRole('alert')).toContainText('Tampering');

    await inspector.sendRetry();
    await expect(inspector.result).toContainText('-32602');
    await expect(inspector.result).toContainText('Invalid or expired requestState');
    await expect(inspector.legs().nth(1)).toContainText('edited by you');
  });

  test('the answers JSON and the forms stay in sync, and bad JSON is explained without losing the text', async ({
    inspector,
    page,
  }) => {
    const c = new ComposerPage(page);
    await provisionPaused(inspector, 'sync');
    await inspector.inputRequest('region').getByLabel('Region').selectOption('ap-south-1');
    await inspector.inputRequest('region').getByRole('button', { name: 'Accept', exact: true }).click();
    await c.openEditors();
    await expect(c.answersJson()).toHaveValue(/"ap-south-1"/);

    await c.answersJson().fill('{"region": {"action": "decline"');
    await expect(inspector.composer.getByText(/inputResponses is not valid JSON/)).toBeVisible();
    await expect(c.answersJson()).toHaveValue('{"region": {"action": "decline"');

    await c.answersJson().fill('{"region": {"action": "decline"}}');
    await expect(inspector.inputRequest('region').getByLabel('Answer JSON')).toContainText('decline');
    await expect(inspector.composer.getByLabel('Request body about to be sent')).toContainText('"decline"');

    await inspector.composer.getByRole('button', { name: 'Reset inputResponses (JSON)' }).click();
    await expect(inspector.inputRequest('region').getByRole('button', { name: 'Accept', exact: true })).toBeVisible();

    await inspector.sendRetryUnanswered();
    await expect(inspector.result).toBeVisible();
  });

  test('dropping the elicitation capability on the retry gets the server to answer 400 / -32021', async ({
    inspector,
    page,
  }) => {
    const c = new ComposerPage(page);
    await provisionPaused(inspector, 'caps');
    await c.openEditors();
    await c.capability('elicitation (form)').uncheck();
    await c.capability('elicitation (url)').uncheck();
    await expect(inspector.composer.getByLabel('Request body about to be sent')).not.toContainText('"elicitation"');
    await inspector.sendRetryUnanswered();
    await expect(inspector.result).toContainText('-32021');
    await expect(inspector.legs().nth(1)).toContainText('HTTP 400');
    // the server named what it needs (error.data.requiredCapabilities): resend declaring it, by hand, as a branch
    const recovery = inspector.result.getByRole('region', { name: 'Missing client capability' });
    await recovery.getByRole('button', { name: 'Resend declaring elicitation.form' }).click();
    await expect(inspector.result).not.toContainText('-32021');
  });

  test('forking the accepting leg and declining instead shows both branches side by side', async ({
    inspector,
    page,
  }) => {
    const c = new ComposerPage(page);
    await provisionPaused(inspector, 'orders');
    await inspector.inputRequest('region').getByLabel('Region').selectOption('eu-west-1');
    await inspector.inputRequest('region').getByRole('button', { name: 'Accept', exact: true }).click();
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Provisioned orders in eu-west-1');

    // fork round 2 from the leg inspector, then change the answer to decline
    await inspector.forkRound2AndDeclineRegion();
    await expect(inspector.requestState()).toHaveValue(/^v1\./);
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Provisioning declined');

    await expect(c.branchCards()).toHaveCount(2);
    await expect(c.branchCards().nth(0)).toContainText('Provisioned orders in eu-west-1');
    await expect(c.branchCards().nth(1)).toContainText('region: decline');
    await expect(c.branchCards().nth(1)).toContainText('Provisioning declined');

    // and the one-click version from the branches panel
    await c.branches.getByRole('button', { name: 'What if I had declined (round 2)' }).click();
    await expect(c.branchCards()).toHaveCount(3);
    await expect(c.branchCards().nth(2)).toContainText('Provisioning declined');
  });

  test('an edited requestState that the server rejects says so and resends the round with the server state', async ({
    inspector,
    page,
  }) => {
    const recovery = new RecoveryPage(page);
    await provisionPaused(inspector, 'orders');
    await inspector.acceptRegion('us-east-1');
    await expect(inspector.result).toContainText('All questions answered: review the request below and Send retry.');
    await expect(inspector.result).not.toContainText('The server needs input');

    // edit the last 3 characters of the signed state (its MAC)
    const original = await inspector.requestState().inputValue();
    const tail = original.slice(-3) === 'AAA' ? 'BBB' : 'AAA';
    await inspector.requestState().fill(original.slice(0, -3) + tail);
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Error -32602: Invalid or expired requestState');
    await expect(recovery.rejectedState).toContainText('You edited requestState on this leg; the server rejected it.');
    await expect(recovery.rejectedState).not.toContainText('before it was sent');

    await recovery.retryWithServerState();
    await expect(inspector.result).toContainText('Provisioned orders in us-east-1');
    await expect(inspector.requestState()).toHaveCount(0);
    await expect(new ComposerPage(page).branchCards()).toHaveCount(2);
  });

  test('a long requestState is edited through a window; select-all replaces all of it and the retry succeeds', async ({
    inspector,
    page,
  }) => {
    const c = new ComposerPage(page);
    await provisionPaused(inspector, 'orders');
    await inspector.acceptRegion('us-east-1');
    const state = inspector.requestState();
    const original = await state.inputValue();
    const long = original + 'X'.repeat(40_000);

    await state.fill(long);
    await expect(c.stateWindow()).toContainText(`of ${long.length.toLocaleString('en-US')}`);
    expect((await state.inputValue()).length).toBeLessThan(10_000);
    await expect(inspector.composer.getByText('requestState edited by you')).toBeVisible();
    await state.press('End');
    await page.keyboard.type('YZ');
    await expect(c.stateWindow()).toContainText(`of ${(long.length + 2).toLocaleString('en-US')}`);
    await expect(state).toHaveValue(/XYZ$/);

    // select-all in the window stands for the whole value: typing the server's state back leaves nothing else
    await state.press('ControlOrMeta+a');
    await page.keyboard.insertText(original);
    await expect(c.stateWindow()).toHaveCount(0);
    await expect(state).toHaveValue(original);
    await expect(inspector.composer.getByText('requestState edited by you')).toHaveCount(0);
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Provisioned orders in us-east-1');
  });
});
