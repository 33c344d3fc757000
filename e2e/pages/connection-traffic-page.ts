import { expect, type Locator, type Page } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

/** The Timeline's Connection conversation (discover or initialize, the lists, failed connects) and its toggle. */
export class ConnectionTrafficPage {
  readonly page: Page;
  readonly toggle: Locator;
  readonly hiddenCount: Locator;
  readonly legInspector: Locator;

  constructor(readonly inspector: InspectorPage) {
    this.page = inspector.page;
    this.toggle = this.page.getByRole('checkbox', { name: 'Show connection traffic' });
    this.hiddenCount = this.page.getByText(/\d+ connection legs? hidden/);
    this.legInspector = this.page.getByRole('region', { name: 'Leg inspector' });
  }

  async show() {
    await this.toggle.check();
    await expect(this.toggle).toBeChecked();
  }

  async hide() {
    await this.toggle.uncheck();
    await expect(this.toggle).not.toBeChecked();
  }

  /** The Connection conversation's disclosure button in the Timeline. */
  header(): Locator {
    return this.inspector.timeline.getByRole('button', { name: /Connection/ });
  }

  /** A connection leg's button, by method (`server/discover`, `tools/list`, …). */
  leg(method: string): Locator {
    const escaped = method.replace(/[/]/g, '\\/');
    return this.inspector.timeline.getByRole('button', { name: new RegExp(`^Round \\d+ ${escaped} `) });
  }

  /** How many legs the "N connection legs hidden" line counts. */
  async hiddenLegs(): Promise<number> {
    const text = (await this.hiddenCount.textContent()) ?? '';
    return Number(/(\d+)/.exec(text)?.[1] ?? Number.NaN);
  }
}
