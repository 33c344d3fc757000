import { expect, type Locator, type Page } from '@playwright/test';

/** Connection settings' "Hold each leg", the one-step answer and the arguments check, by roles and labels. */
export class EasePage {
  readonly callRegion: Locator;

  constructor(readonly page: Page) {
    this.callRegion = page.getByRole('region', { name: 'Call' });
  }

  async holdLegs(choice: 'Always' | 'Only when I edit something') {
    await this.page.getByRole('button', { name: 'Connection settings' }).click();
    const radio = this.page.getByRole('group', { name: 'Hold each leg' }).getByRole('radio', { name: choice });
    await radio.check();
    await expect(radio).toBeChecked();
  }

  argumentsAlert(): Locator {
    return this.callRegion.getByRole('alert').filter({ hasText: 'Not sent' });
  }

  sentSummary(): Locator {
    return this.page.getByText(/went out at once/);
  }
}
