import { expect, type Locator, type Page } from '@playwright/test';

/** The composer's editors, the requestState lab, the tamper matrix and the branches panel, by roles and labels. */
export class ComposerPage {
  readonly composer: Locator;
  readonly lab: Locator;
  readonly matrix: Locator;
  readonly matrixResults: Locator;
  readonly branches: Locator;

  constructor(readonly page: Page) {
    this.composer = page.getByRole('region', { name: 'Next request' });
    this.lab = this.composer.getByRole('region', { name: 'requestState lab' });
    this.matrix = this.composer.getByRole('region', { name: 'Tamper matrix' });
    this.matrixResults = this.matrix.getByRole('table', { name: 'Tamper matrix results' });
    this.branches = page.getByRole('region', { name: 'Branches' });
  }

  async openLab() {
    await this.composer.getByText('requestState lab', { exact: true }).click();
    await expect(this.lab).toBeVisible();
  }

  /** Click one byte of the hex grid (flips the selected bit, bit 0 by default). */
  async flipByte(index: number) {
    await this.lab.getByRole('tab', { name: 'Bytes' }).click();
    await this.lab.getByRole('button', { name: new RegExp(`^byte ${index}: 0x[0-9a-f]{2}$`) }).click();
  }

  /** the line under a long requestState: which characters the box shows (absent when the box holds the whole value) */
  stateWindow(): Locator {
    return this.composer.getByText(/^The box shows characters /);
  }

  async openEditors() {
    await this.composer.getByText(/^Edit the request/).click();
  }

  answersJson(): Locator {
    return this.composer.getByRole('textbox', { name: /^inputResponses \(JSON\)/ });
  }

  capability(label: string): Locator {
    return this.composer.getByRole('checkbox', { name: `Declare ${label}` });
  }

  /** The tamper matrix row for a mutation, by its label. */
  matrixRow(label: string | RegExp): Locator {
    return this.matrixResults.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: label }) });
  }

  async runMatrix() {
    await this.matrix.getByRole('button', { name: 'Run tamper matrix' }).click();
  }

  branchCards(): Locator {
    return this.branches.getByRole('list', { name: 'Branch outcomes' }).getByRole('listitem');
  }
}
