import { expect } from '@playwright/test';
import { test as base } from '../fixtures.ts';
import { SamplingToolsPage } from '../pages/sampling-tools-page.ts';

const test = base.extend<{ sampling: SamplingToolsPage }>({
  sampling: async ({ inspector }, use) => {
    await use(new SamplingToolsPage(inspector));
  },
});

test.describe('sampling with tools answered by hand', () => {
  test('plan_with_tools: a toolUse reply with text and a tool_use block reaches the server', async ({
    inspector,
    sampling,
  }) => {
    await inspector.open();
    await inspector.callTool('plan_with_tools');
    const card = sampling.card('plan');
    await expect(card).toContainText('Should I take an umbrella in Paris today?');
    await expect(card).toContainText('get_weather');
    await card.getByRole('textbox', { name: 'Assistant reply' }).fill('Let me check the weather.');
    await card.getByRole('textbox', { name: 'Model' }).fill('me-as-a-model');
    // not JSON: said, and nothing is answered
    await sampling.composeToolUse('plan', 'get_weather', '{ city: Paris }', 'call_1');
    await sampling.send('plan').click();
    await expect(card.getByRole('alert')).toContainText('the input is not valid JSON');
    await sampling.composeToolUse('plan', 'get_weather', '{ "city": "Paris" }');
    await sampling.send('plan').click();
    await inspector.sendRetry();
    await expect(inspector.result).toContainText(
      'Sampled by me-as-a-model, stopReason toolUse: text "Let me check the weather."; tool_use get_weather {"city":"Paris"} (id call_1)',
    );
  });
});
