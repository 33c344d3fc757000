import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The built inspector as a conformance journey drives it: by roles and accessible names only, the way a user would.
 * Shared by every `journeys/*.ts` file.
 */
export class ConformanceApp {
  readonly serverUrl: Locator;
  readonly connect: Locator;
  readonly status: Locator;
  readonly catalog: Locator;
  readonly callPanel: Locator;
  readonly result: Locator;
  readonly composer: Locator;
  readonly timeline: Locator;

  constructor(readonly page: Page) {
    this.serverUrl = page.getByRole('textbox', { name: 'Server URL' });
    this.connect = page.getByRole('button', { name: 'Connect', exact: true });
    this.status = page.getByRole('status', { name: 'Connection status' });
    this.catalog = page.getByRole('navigation', { name: 'Server catalog' });
    this.callPanel = page.getByRole('region', { name: 'Call', exact: true });
    this.result = page.getByRole('region', { name: 'Result' });
    this.composer = page.getByRole('region', { name: 'Next request' });
    this.timeline = page.getByRole('list', { name: 'Timeline' });
  }

  /**
   * Opens the app with `?server=<url>` (it connects on load). The suite's servers send no CORS headers, so the direct
   * attempt fails and the connection doctor offers "Use the relay": press it, as a user would, and wait until the
   * connection is up.
   */
  async openAndConnect(appUrl: string, serverUrl: string): Promise<void> {
    await this.page.goto(`${appUrl}/?server=${encodeURIComponent(serverUrl)}`);
    const useRelay = this.page.getByRole('button', { name: 'Use the relay' }).first();
    await expect(this.status.or(useRelay).first()).toBeVisible();
    await expect(async () => {
      if (await useRelay.isVisible()) await useRelay.click();
      await expect(this.status).toContainText(/^connected/, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  }

  /**
   * A first attempt without a journey: opens the app on the server and waits for a settled outcome (connected, or the
   * doctor's findings, which include its relay probe from outside the browser).
   */
  async attemptConnect(appUrl: string, serverUrl: string): Promise<void> {
    await this.page.goto(`${appUrl}/?server=${encodeURIComponent(serverUrl)}`);
    const doctor = this.page.getByRole('region', { name: 'Connection doctor' });
    const findings = doctor.getByRole('list', { name: 'Findings' });
    const connected = this.status.filter({ hasText: /^connected/ });
    await expect(connected.or(findings).first()).toBeVisible({ timeout: 20_000 });
    const useRelay = doctor.getByRole('button', { name: 'Use the relay' }).first();
    if (await useRelay.isVisible()) {
      await useRelay.click();
      await expect(connected.or(findings.getByRole('button', { name: 'Enter a token' })).first()).toBeVisible({
        timeout: 20_000,
      });
    }
  }

  section(title: 'Tools' | 'Prompts' | 'Resources' | 'Resource templates'): Locator {
    return this.catalog.getByRole('region', { name: title, exact: true });
  }

  tool(name: string): Locator {
    return this.section('Tools').getByRole('button', { name, exact: true });
  }

  /** Picks a tool, lets `fill` type its arguments, presses "Call tool". */
  async callTool(name: string, fill?: (panel: Locator) => Promise<void>): Promise<void> {
    await this.tool(name).click();
    await expect(this.callPanel.getByRole('heading', { name, exact: true })).toBeVisible();
    if (fill) await fill(this.callPanel);
    await this.callPanel.getByRole('button', { name: 'Call tool' }).click();
  }

  inputRequest(key: string): Locator {
    return this.page.getByRole('group', { name: key, exact: true });
  }

  async sendRetry(): Promise<void> {
    await this.composer.getByRole('button', { name: 'Send retry' }).click();
  }

  async expectResult(text: string | RegExp): Promise<void> {
    await expect(this.result).toContainText(text);
  }
}
