import { type Locator, type Page } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

/** The timeline side while a call is in flight: the leg-in-flight panel and the conversation headers. */
export class InFlightPage {
  readonly page: Page;
  /** the leg panel while a leg has no answer yet */
  readonly panel: Locator;
  /** the leg panel once a leg is recorded */
  readonly legInspector: Locator;

  constructor(readonly inspector: InspectorPage) {
    this.page = inspector.page;
    this.panel = this.page.getByRole('region', { name: 'Leg in flight' });
    this.legInspector = this.page.getByRole('region', { name: 'Leg inspector' });
  }

  /** Open the app connected to the mock's chaos endpoint. */
  async openChaos() {
    await this.page.goto('/');
    const { mockUrl } = await this.page.request
      .get('/__inspector/config')
      .then((r) => r.json() as Promise<{ mockUrl: string }>);
    await this.inspector.open(`?server=${encodeURIComponent(mockUrl.replace(/\/mcp$/, '/chaos'))}`);
  }

  /** The disclosure button heading a conversation in the timeline: its name starts with the start time, then title. */
  header(title: string): Locator {
    return this.inspector.timeline.getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d:\\d\\d ${title}\\b`) });
  }
}
