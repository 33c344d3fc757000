import { expect } from '@playwright/test';
import { test as base } from '../fixtures.ts';
import { ArgumentsJsonPage } from '../pages/arguments-json-page.ts';

const test = base.extend<{ args: ArgumentsJsonPage }>({
  args: async ({ page }, use) => {
    await use(new ArgumentsJsonPage(page));
  },
});

test.describe('tool arguments typed as JSON', () => {
  test('a value with a line break typed as JSON is sent as typed and mirrored base64-encoded into its header', async ({
    inspector,
    args,
    page,
  }) => {
    await inspector.open();
    await inspector.tool('regional_lookup').click();
    await page.getByRole('textbox', { name: /^Region/ }).fill('eu-west-1');
    // the JSON side starts from what the form holds
    await args.mode('JSON').click();
    await expect(args.json).toHaveValue(/"region": "eu-west-1"/);
    await args.json.fill('{ "region": "eu\\nwest", "query": "tables" }');
    await args.mode('Form').click();
    await expect(args.panel.getByRole('note')).toContainText('region holds a line break');
    await args.panel.getByRole('button', { name: 'Call tool' }).click();
    // SEP-2243 value encoding: a control character forces the =?base64?…?= sentinel; the server decodes it back
    await expect(inspector.result).toContainText('Mcp-Param-Region: =?base64?ZXUKd2VzdA==?=');
    await expect(inspector.result).toContainText('matches argument: yes');
  });

  test('arguments that are not JSON say where and are not sent', async ({ inspector, args }) => {
    await inspector.open();
    await inspector.tool('regional_lookup').click();
    await args.typeJson('{\n  "region": "eu-west-1",\n}');
    await expect(args.json).toHaveAttribute('aria-invalid', 'true');
    await expect(args.panel.getByRole('alert')).toContainText('Invalid JSON at line 3, column 1');
    await args.panel.getByRole('button', { name: 'Call tool' }).click();
    await expect(args.panel.getByRole('alert').filter({ hasText: /^Not sent/ })).toBeVisible();
    await expect(inspector.legs()).toHaveCount(0);
    // fixed, it goes out
    await args.json.fill('{ "region": "eu-west-1" }');
    await args.panel.getByRole('button', { name: 'Call tool' }).click();
    await expect(inspector.result).toContainText('Mcp-Param-Region: eu-west-1');
  });
});
