import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { CatalogPage } from '../pages/catalog-page.ts';

/** The bundled mock's reference tools, prompts and resources (the conformance suite's), as a user meets them. */
test.describe('reference peer: every standard content kind in the inspector', () => {
  test('test_multiple_content_types shows its text, the image as type and size, and the embedded JSON', async ({
    inspector,
  }) => {
    await inspector.open();
    await inspector.callTool('test_multiple_content_types');
    await expect(inspector.result).toContainText('Multiple content types test:');
    await expect(inspector.result).toContainText(/image content · image\/png · \d+ bytes \(not displayed\)/);
    const json = JSON.stringify({ test: 'data', value: 123 });
    await expect(inspector.result).toContainText(
      `test://mixed-content-resource · application/json · text, ${Buffer.byteLength(json)} bytes`,
    );
    await expect(inspector.result).toContainText(json);
  });

  test('test_error_handling shows the tool error as an error result with its message', async ({ inspector }) => {
    await inspector.open();
    await inspector.callTool('test_error_handling');
    await expect(inspector.result).toContainText('This tool intentionally returns an error for testing');
    await expect(inspector.result).toContainText('isError: the tool reports a failure');
  });

  test('json_schema_2020_12_tool gets an arguments form from its 2020-12 schema and calls with it', async ({
    inspector,
  }) => {
    const catalog = new CatalogPage(inspector);
    await inspector.open();
    await catalog.entry('Tools', 'json_schema_2020_12_tool').click();
    await catalog.callPanel.getByRole('textbox', { name: 'name', exact: true }).fill('Ada');
    await catalog.callPanel.getByRole('textbox', { name: 'email', exact: true }).fill('ada@example.com');
    await catalog.callPanel.getByRole('button', { name: 'Call tool' }).click();
    await expect(inspector.result).toContainText('Contact Ada by email: ada@example.com');
  });

  test('test_prompt_with_arguments substitutes both arguments into the message', async ({ inspector }) => {
    const catalog = new CatalogPage(inspector);
    await inspector.open();
    await catalog.getPrompt('test_prompt_with_arguments', { arg1: 'hello', arg2: 'world' });
    const messages = inspector.result.getByRole('list', { name: 'Prompt messages' }).getByRole('listitem');
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText("Prompt with arguments: arg1='hello', arg2='world'");
  });

  test('test://template/{id}/data reads as JSON with the id substituted', async ({ inspector }) => {
    const catalog = new CatalogPage(inspector);
    await inspector.open();
    await catalog.readTemplate('template_data', { id: '123' });
    const text = JSON.stringify({ id: '123', templateTest: true, data: 'Data for ID: 123' });
    const item = inspector.result.getByRole('list', { name: 'Resource contents' }).getByRole('listitem');
    await expect(item).toContainText(`test://template/123/data · application/json · text, ${text.length} bytes`);
    await expect(item).toContainText(text);
  });
});
