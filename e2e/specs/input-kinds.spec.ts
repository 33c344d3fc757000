import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { InputRequestsPage } from '../pages/input-requests-page.ts';

test.describe('answering every kind of input request', () => {
  test('configure_service: every restricted field kind is filled, accepted and echoed', async ({ inspector }) => {
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await inspector.callTool('configure_service');
    const form = ui.request('config');
    await expect(form).toContainText('Configure the new service');

    // defaults are pre-filled
    await expect(form.getByLabel('Service name', { exact: true })).toHaveValue('orders-api');
    await expect(form.getByRole('spinbutton', { name: 'Replicas', exact: true })).toHaveValue('2');
    await expect(form.getByRole('checkbox', { name: 'eu-west-1', exact: true })).toBeChecked();

    await form.getByLabel('Service name', { exact: true }).fill('billing-api');
    await form.getByLabel('Owner email', { exact: true }).fill('ops@example.com');
    await form.getByLabel('Documentation URL', { exact: true }).fill('https://docs.example.com/billing');
    await form.getByLabel('Launch date', { exact: true }).fill('2026-07-28');
    await form.getByLabel('Cut-over time', { exact: true }).fill('2026-07-28T09:30');
    await form.getByRole('spinbutton', { name: 'Replicas', exact: true }).fill('4');
    await form.getByRole('spinbutton', { name: 'CPU limit (cores)', exact: true }).fill('2.5');
    await form.getByRole('checkbox', { name: 'Publicly reachable', exact: true }).check();
    await form.getByRole('combobox', { name: 'Tier', exact: true }).selectOption('enterprise');
    await form.getByRole('combobox', { name: 'Environment', exact: true }).selectOption({ label: 'Staging' });
    await form.getByRole('combobox', { name: 'Log level', exact: true }).selectOption({ label: 'Warnings only' });
    const regions = form.getByRole('group', { name: 'Regions', exact: true });
    await regions.getByRole('checkbox', { name: 'us-east-1' }).check();
    const features = form.getByRole('group', { name: 'Features', exact: true });
    await features.getByRole('checkbox', { name: 'Distributed tracing' }).check();
    await ui.accept('config');

    await expect(ui.progress).toHaveText('1 of 1 answered');
    await expect(ui.body()).toContainText('"owner_email": "ops@example.com"');
    await inspector.sendRetry();

    const result = inspector.result;
    await expect(result).toContainText('Service configured with');
    for (const fragment of [
      '"service_name": "billing-api"',
      '"owner_email": "ops@example.com"',
      '"docs_url": "https://docs.example.com/billing"',
      '"launch_date": "2026-07-28"',
      '"cutover_at": "2026-07-28T',
      '"replicas": 4',
      '"cpu_limit": 2.5',
      '"public": true',
      '"tier": "enterprise"',
      '"environment": "staging"',
      '"log_level": "warn"',
      '"features": [',
      '"tracing"',
    ]) {
      await expect(result).toContainText(fragment);
    }
    await expect(result).toContainText(
      /"regions": \[\s*"us-east-1",\s*"eu-west-1"\s*\]|"regions": \[\s*"eu-west-1",\s*"us-east-1"\s*\]/,
    );
  });

  test('Accept anyway (invalid) sends the invalid content and the server asks again listing the problem', async ({
    inspector,
  }) => {
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await inspector.callTool('configure_service');
    const form = ui.request('config');
    await form.getByLabel('Owner email', { exact: true }).fill('not-an-email');
    await ui.accept('config');
    await expect(form.getByRole('alert')).toContainText('email');
    await expect(ui.progress).toHaveText('0 of 1 answered');
    await form.getByRole('button', { name: 'Accept anyway (invalid)' }).click();
    await expect(ui.body()).toContainText('"owner_email": "not-an-email"');
    await inspector.sendRetry();
    await expect(ui.request('config')).toContainText('Some answers were invalid, please fix them: owner_email');
    await expect(inspector.legs()).toHaveCount(2);
  });

  test('plan_trip: a form, a sampling and a roots request answered in one round, then the retry completes', async ({
    inspector,
  }) => {
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await inspector.callTool('plan_trip');
    await expect(ui.progress).toHaveText('0 of 3 answered');
    await expect(ui.request('summary')).toContainText('deprecated in 2026-07-28');
    await expect(ui.request('summary')).toContainText('Suggest a three-day itinerary for Lisbon');
    await expect(ui.request('summary')).toContainText('You are a concise travel planner');

    const prefs = ui.request('preferences');
    await prefs.getByRole('spinbutton', { name: 'Budget (EUR)', exact: true }).fill('2400');
    await prefs.getByRole('combobox', { name: 'Travel style', exact: true }).selectOption({ label: 'Cultural' });
    await ui.accept('preferences');
    await ui.answerSampling('summary', 'Day 1: Alfama. Day 2: Belem. Day 3: Sintra.', 'travel-human-1');
    await expect(ui.progress).toHaveText('2 of 3 answered');
    await ui.answerRoots('workspace', [{ uri: 'file:///home/me/trips', name: 'trips' }]);
    await expect(ui.progress).toHaveText('3 of 3 answered');

    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Trip to Lisbon: cultural style, budget 2400 EUR.');
    await expect(inspector.result).toContainText('Itinerary from travel-human-1');
    await expect(inspector.result).toContainText('file:///home/me/trips (trips); 1 root(s) shared');
    await expect(inspector.legs()).toHaveCount(2);
  });

  test('plan_trip: sending with one request unanswered makes the server re-ask only that one', async ({
    inspector,
  }) => {
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await inspector.callTool('plan_trip');
    const prefs = ui.request('preferences');
    await prefs.getByRole('combobox', { name: 'Travel style', exact: true }).selectOption({ label: 'Relaxed' });
    await ui.accept('preferences');
    await ui.answerSampling('summary', 'Beaches and custard tarts.');
    await expect(ui.progress).toHaveText('2 of 3 answered');
    await expect(inspector.composer).toContainText('unanswered: workspace');
    // a retry with an unanswered request needs a deliberate override
    await expect(inspector.composer.getByRole('button', { name: 'Send retry' })).toBeDisabled();
    await inspector.composer.getByRole('checkbox', { name: /Send without answering workspace/ }).check();

    await inspector.sendRetry();
    await expect(inspector.legs()).toHaveCount(2);
    await expect(ui.progress).toHaveText('0 of 1 answered');
    await expect(ui.request('workspace')).toBeVisible();
    await expect(ui.request('preferences')).toHaveCount(0);
    await expect(ui.request('summary')).toHaveCount(0);

    await ui.answerRoots('workspace', [{ uri: 'file:///srv/plans' }]);
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Trip to Lisbon: relaxed style, budget 1500 EUR.');
    await expect(inspector.result).toContainText('Plan would be saved under file:///srv/plans; 1 root(s) shared');
  });

  test('summarize_text: the sampling request is shown and the written reply is used', async ({ inspector }) => {
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await inspector.callTool('summarize_text', async (p) => {
      await p.getByRole('textbox', { name: 'Text to summarize', exact: true }).fill('Rivers flow to the sea.');
    });
    const card = ui.request('summary');
    await expect(card).toContainText('Summarize in one sentence:');
    await expect(card).toContainText('Rivers flow to the sea.');
    await expect(card).toContainText('You write one-sentence summaries.');
    await expect(card).toContainText('120');
    await ui.answerSampling('summary', 'Water goes downhill.', 'me-as-a-model');
    await expect(ui.body()).toContainText('"role": "assistant"');
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Summary by me-as-a-model: Water goes downhill.');
  });

  test('list_workspace: the roots sent are listed in the result', async ({ inspector }) => {
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await inspector.callTool('list_workspace');
    const card = ui.request('roots');
    // pre-filled from the saved roots, never sent silently
    await expect(card.getByLabel('URI 1', { exact: true })).toHaveValue('file:///home/user/project');
    await expect(ui.progress).toHaveText('0 of 1 answered');
    await ui.answerRoots('roots', [
      { uri: 'file:///work/app', name: 'app' },
      { uri: 'file:///work/docs', name: 'docs' },
    ]);
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('The client shared 2 root(s):');
    await expect(inspector.result).toContainText('- file:///work/app (app)');
    await expect(inspector.result).toContainText('- file:///work/docs (docs)');
  });

  test('chaos unknown_input_method: shown raw and answered with raw JSON', async ({ inspector }) => {
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await ui.connectTo('/chaos');
    await inspector.callTool('unknown_input_method');
    const card = ui.request('spin');
    await expect(card).toContainText('Unknown method');
    await expect(card).toContainText('widgets/spin');
    await expect(card.getByLabel('Request params JSON')).toContainText('"speed": "fast"');
    const raw = card.getByLabel('Raw answer JSON');
    await raw.fill('[1, 2]');
    await card.getByRole('button', { name: 'Set answer' }).click();
    await expect(card.getByRole('alert')).toContainText('must be a JSON object');
    await raw.fill('{"spun": true, "rounds": 3}');
    await card.getByRole('button', { name: 'Set answer' }).click();
    await expect(ui.progress).toHaveText('1 of 1 answered');
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('unknown_input_method: completed');
    await expect(inspector.result).toContainText('"spin":{"spun":true,"rounds":3}');
  });

  test('chaos invalid_schema_form: flagged as outside the restricted subset, answered raw', async ({ inspector }) => {
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await ui.connectTo('/chaos');
    await inspector.callTool('invalid_schema_form');
    const card = ui.request('profile');
    const warning = card.getByRole('alert');
    await expect(warning).toContainText('outside the restricted elicitation subset');
    await expect(warning).toContainText('/properties/address');
    await expect(warning).toContainText('/properties/contact/$ref');
    await expect(card.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
    await card.getByLabel('Raw answer JSON').fill('{"action":"accept","content":{"address":"1 Main St"}}');
    await card.getByRole('button', { name: 'Set answer' }).click();
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('invalid_schema_form: completed');
    await expect(inspector.result).toContainText('"address":"1 Main St"');
  });
});
