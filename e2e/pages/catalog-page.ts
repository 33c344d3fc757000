import { expect, type Locator, type Page, type Route } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

/** The server catalog (tools, prompts, resources, templates) and the call panel's arguments form. */
export class CatalogPage {
  readonly page: Page;
  readonly nav: Locator;
  readonly callPanel: Locator;

  constructor(readonly inspector: InspectorPage) {
    this.page = inspector.page;
    this.nav = this.page.getByRole('navigation', { name: 'Server catalog' });
    this.callPanel = this.page.getByRole('region', { name: 'Call', exact: true });
  }

  section(title: 'Tools' | 'Prompts' | 'Resources' | 'Resource templates'): Locator {
    return this.nav.getByRole('region', { name: title, exact: true });
  }

  entry(section: Parameters<CatalogPage['section']>[0], name: string): Locator {
    return this.section(section).getByRole('button', { name, exact: true });
  }

  async getPrompt(name: string, args: Record<string, string>) {
    await this.entry('Prompts', name).click();
    for (const [label, value] of Object.entries(args)) {
      await this.callPanel.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await this.callPanel.getByRole('button', { name: 'Get prompt' }).click();
  }

  async readTemplate(name: string, vars: Record<string, string>) {
    await this.entry('Resource templates', name).click();
    for (const [label, value] of Object.entries(vars)) {
      await this.callPanel.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await this.callPanel.getByRole('button', { name: 'Read resource' }).click();
  }

  /** Adds `tools` to every tools/list answer of the mock (JSON responses), to show how the catalog treats them. */
  async injectTools(tools: unknown[]) {
    await this.page.route('**/mcp', async (route: Route) => {
      const request = route.request();
      if (request.method() !== 'POST' || request.headers()['mcp-method'] !== 'tools/list') return route.fallback();
      const response = await route.fetch();
      const json = (await response.json()) as { result?: { tools?: unknown[] } };
      if (json.result?.tools) json.result.tools.push(...tools);
      await route.fulfill({ response, json });
    });
  }

  async expectCallable(name: string) {
    await this.entry('Tools', name).click();
    await expect(this.callPanel.getByRole('button', { name: 'Call tool' })).toBeEnabled();
  }
}
