import { type Locator, type Page } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

/** The call panel's "Request options" (progressToken, log level, traceparent) and the live view of a leg in flight. */
export class RequestOptionsPage {
  readonly page: Page;
  readonly disclosure: Locator;
  readonly askProgress: Locator;
  readonly logLevel: Locator;
  readonly traceparent: Locator;
  /** the leg panel while the leg streams */
  readonly inFlight: Locator;
  readonly progressBar: Locator;
  readonly logMessages: Locator;
  readonly legInspector: Locator;

  constructor(readonly inspector: InspectorPage) {
    this.page = inspector.page;
    this.disclosure = this.page.getByRole('button', { name: /Request options/ });
    this.askProgress = this.page.getByRole('checkbox', { name: 'Ask for progress (progressToken)' });
    this.logLevel = this.page.getByRole('combobox', { name: 'Log level' });
    this.traceparent = this.page.getByRole('textbox', { name: 'traceparent' });
    this.inFlight = this.page.getByRole('region', { name: 'Leg in flight' });
    this.progressBar = this.inFlight.getByRole('progressbar', { name: 'Progress' });
    this.logMessages = this.inFlight.getByRole('log', { name: 'Log messages' });
    this.legInspector = this.page.getByRole('region', { name: 'Leg inspector' });
  }

  /** Pick `tool` in the catalog and open its request options. */
  async open(tool: string) {
    await this.inspector.tool(tool).click();
    await this.disclosure.click();
  }

  /** The token the next call will send, as the panel shows it. */
  async nextToken(): Promise<string> {
    const text = await this.page.getByText(/A fresh token per call/).textContent();
    const token = /next: (\S+)/.exec(text ?? '')?.[1];
    if (!token) throw new Error(`no progress token shown in "${text}"`);
    return token;
  }

  /** The recorded leg's request body, on the leg inspector's Request tab. */
  async requestBody(): Promise<Locator> {
    await this.legInspector.getByRole('tab', { name: 'Request', exact: true }).click();
    return this.legInspector.getByLabel('Request body', { exact: true });
  }
}
