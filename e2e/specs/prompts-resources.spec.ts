import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { CatalogPage } from '../pages/catalog-page.ts';
import { InputRequestsPage } from '../pages/input-requests-page.ts';

test.describe('prompts and resource templates that ask for input', () => {
  test('draft_email: prompts/get asks for a tone, then renders the messages with their roles', async ({
    inspector,
  }) => {
    const catalog = new CatalogPage(inspector);
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await catalog.getPrompt('draft_email', { topic: 'the quarterly offsite' });
    const tone = ui.request('tone');
    await expect(tone).toContainText('Which tone should the email about "the quarterly offsite" have?');
    // the server's default is pre-selected (rjsf option values are indices, so check the visible label)
    await expect(tone.getByRole('combobox', { name: 'Tone', exact: true }).locator('option:checked')).toHaveText(
      'Friendly',
    );
    await tone.getByRole('combobox', { name: 'Tone', exact: true }).selectOption({ label: 'Formal' });
    await ui.accept('tone');
    await expect(ui.body()).toContainText('"method": "prompts/get"');
    await inspector.sendRetry();

    await expect(inspector.result).toContainText('complete');
    await expect(inspector.result).toContainText('Email about the quarterly offsite (formal tone)');
    const messages = inspector.result.getByRole('list', { name: 'Prompt messages' }).getByRole('listitem');
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText('user');
    await expect(messages.first()).toContainText('Draft a formal email about: the quarterly offsite.');
    await expect(inspector.legs()).toHaveCount(2);
  });

  test('report://{year}/summary: resources/read asks for a format, then shows the text with mime type and size', async ({
    inspector,
  }) => {
    const catalog = new CatalogPage(inspector);
    const ui = new InputRequestsPage(inspector);
    await inspector.open();
    await expect(catalog.entry('Resource templates', 'yearly_report')).toHaveAccessibleDescription(
      /report:\/\/\{year\}\/summary/,
    );
    await catalog.readTemplate('yearly_report', { year: '2025' });
    const format = ui.request('format');
    await expect(format).toContainText('How should the 2025 report be formatted?');
    await format.getByRole('combobox', { name: 'Format', exact: true }).selectOption('bullets');
    await ui.accept('format');
    await expect(ui.body()).toContainText('"uri": "report://2025/summary"');
    await inspector.sendRetry();

    const text = 'Summary 2025\n- Q1: 118k orders\n- Q2: 131k orders\n- Q3: 127k orders\n- Q4: 149k orders\n';
    const item = inspector.result.getByRole('list', { name: 'Resource contents' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`report://2025/summary · text/plain · text, ${Buffer.byteLength(text)} bytes`);
    await expect(item).toContainText('- Q4: 149k orders');
  });
});

test.describe('catalog and arguments forms', () => {
  test('arguments are labelled exactly by title or property name', async ({ inspector }) => {
    const catalog = new CatalogPage(inspector);
    await inspector.open();
    await catalog.entry('Tools', 'regional_lookup').click();
    await expect(catalog.callPanel.getByRole('textbox', { name: 'Region', exact: true })).toHaveValue('eu-west-1');
    await expect(catalog.callPanel.getByRole('textbox', { name: 'Query', exact: true })).toBeVisible();
    await catalog.entry('Tools', 'café_order').click();
    const drink = catalog.callPanel.getByRole('combobox', { name: 'Drink', exact: true });
    await expect(drink.locator('option:checked')).toHaveText('café au lait');
    await catalog.entry('Prompts', 'draft_email').click();
    await expect(catalog.callPanel.getByRole('textbox', { name: 'topic', exact: true })).toBeVisible();
  });

  test('a tool with an invalid x-mcp-header declaration is flagged and cannot be called', async ({ inspector }) => {
    const catalog = new CatalogPage(inspector);
    await catalog.injectTools([
      {
        name: 'broken_headers',
        description: 'Declares x-mcp-header on an object argument and with a space in the name.',
        inputSchema: {
          type: 'object',
          properties: {
            filter: { type: 'object', 'x-mcp-header': 'Filter' },
            zone: { type: 'string', 'x-mcp-header': 'bad name' },
          },
        },
      },
    ]);
    await inspector.open();
    const entry = catalog.entry('Tools', 'broken_headers');
    await expect(entry).toHaveAccessibleDescription(/invalid x-mcp-header \(.*\): not callable/);
    await entry.click();
    const alert = catalog.callPanel.getByRole('alert');
    await expect(alert).toContainText('filter: x-mcp-header is allowed only on string, integer or boolean properties');
    await expect(alert).toContainText('zone: x-mcp-header must be a non-empty header token');
    await expect(catalog.callPanel.getByRole('button', { name: 'Call tool' })).toBeDisabled();
    // valid tools stay callable
    await catalog.expectCallable('regional_lookup');
  });
});
