import type { Locator, Page } from '@playwright/test';

/** The call panel's arguments editor ("Arguments as" Form / JSON), by roles and labels. */
export class ArgumentsJsonPage {
  readonly panel: Locator;
  readonly json: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('region', { name: 'Call', exact: true });
    this.json = this.panel.getByRole('textbox', { name: 'Arguments (JSON)' });
  }

  mode(name: 'Form' | 'JSON'): Locator {
    return this.panel.getByRole('group', { name: 'Arguments as' }).getByRole('button', { name, exact: true });
  }

  /** Switches to JSON and types the arguments as the given text. */
  async typeJson(text: string): Promise<void> {
    await this.mode('JSON').click();
    await this.json.fill(text);
  }
}
