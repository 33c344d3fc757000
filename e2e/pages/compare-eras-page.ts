import type { Locator, Page } from '@playwright/test';

/** The "Compare eras" panel of the selected conversation. */
export class CompareErasPage {
  readonly panel: Locator;
  readonly table: Locator;

  constructor(page: Page) {
    this.panel = page.getByRole('region', { name: 'Compare eras' });
    this.table = this.panel.getByRole('table', { name: 'Eras side by side' });
  }

  async run(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Compare eras' }).click();
  }

  /** The figure row named `label` (e.g. "HTTP round trips"). */
  row(label: string): Locator {
    return this.table.getByRole('row', { name: new RegExp(`^${label}`) });
  }

  sequence(era: '2026-07-28' | '2025-11-25'): Locator {
    return this.panel.getByRole('list', { name: `Sequence ${era}` });
  }

  pitfall(): Locator {
    return this.panel.getByRole('note', { name: /dual-era bug/ });
  }
}
