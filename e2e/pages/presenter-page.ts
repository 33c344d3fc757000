import { expect, type Locator, type Page } from '@playwright/test';

/** Presenter mode and the command palette, by roles and labels. */
export class PresenterPage {
  readonly dialog: Locator;
  readonly caption: Locator;
  readonly sequence: Locator;
  readonly palette: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Presenter' });
    this.caption = this.dialog.getByLabel('Caption');
    this.sequence = this.dialog.getByRole('list', { name: 'Sequence', exact: true });
    this.palette = page.getByRole('dialog', { name: 'Command palette' });
  }

  async open() {
    await this.page
      .getByRole('region', { name: 'Session', exact: true })
      .getByRole('button', { name: 'Presenter' })
      .click();
    await expect(this.dialog).toBeVisible();
  }

  async openDemo() {
    await this.dialog.getByRole('button', { name: 'Open demo' }).click();
  }

  step(n: number, of: number): Locator {
    return this.dialog.getByText(`Leg ${n} of ${of}`);
  }

  async pickConversation(title: string) {
    await this.dialog.getByLabel('Conversation').selectOption({ label: title });
  }

  async openPalette() {
    await this.page.keyboard.press('ControlOrMeta+k');
    await expect(this.palette).toBeVisible();
  }

  async runCommand(query: string, title: string) {
    await this.openPalette();
    await this.palette.getByRole('combobox', { name: 'Search commands' }).fill(query);
    await this.palette.getByRole('option', { name: title }).click();
  }
}
