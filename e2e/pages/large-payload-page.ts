import { expect, type Locator, type Page } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';
import { RequestOptionsPage } from './request-options-page.ts';

/** Calling the mock's large_result / large_stream tools and reading their cut and paged views. */
export class LargePayloadPage {
  readonly page: Page;
  readonly options: RequestOptionsPage;
  readonly legInspector: Locator;

  constructor(readonly inspector: InspectorPage) {
    this.page = inspector.page;
    this.options = new RequestOptionsPage(inspector);
    this.legInspector = this.page.getByRole('region', { name: 'Leg inspector' });
  }

  /** Call `tool` with `bytes` (and, for the stream, a log level so the log arrives as events of `eventBytes`). */
  async call(
    tool: 'large_result' | 'large_stream',
    bytes: number,
    stream: { logLevel?: string; eventBytes?: number } = {},
  ) {
    await this.inspector.tool(tool).click();
    await this.page.getByRole('spinbutton', { name: 'Size in bytes' }).fill(String(bytes));
    if (stream.eventBytes)
      await this.page.getByRole('spinbutton', { name: 'Bytes per log event' }).fill(String(stream.eventBytes));
    if (stream.logLevel) {
      await this.options.disclosure.click();
      await this.options.logLevel.selectOption(stream.logLevel);
    }
    await this.page.getByRole('button', { name: 'Call tool' }).click();
  }

  /** The "Show all N characters" button of a cut text inside `scope`. */
  showAll(scope: Locator, chars: number): Locator {
    return scope.getByRole('button', { name: `Show all ${chars.toLocaleString('en-US')} characters` });
  }

  /** Select the first leg in the timeline and wait until the leg inspector shows it. */
  async openLeg(name: RegExp) {
    const leg = this.inspector.timeline.getByRole('button', { name });
    await leg.click();
    await expect(this.legInspector).toBeVisible();
  }
}
