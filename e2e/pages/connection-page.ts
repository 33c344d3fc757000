import { expect, type Locator, type Page } from '@playwright/test';

/** The connection bar, its settings and the connection doctor, by roles and labels. */
export class ConnectionPage {
  readonly status: Locator;
  readonly doctor: Locator;
  readonly findings: Locator;
  readonly savedConnections: Locator;
  readonly bearerToken: Locator;
  readonly protocolVersion: Locator;
  readonly note: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByRole('status', { name: 'Connection status' });
    this.doctor = page.getByRole('region', { name: 'Connection doctor' });
    this.findings = this.doctor.getByRole('list', { name: 'Findings' });
    this.savedConnections = page.getByRole('combobox', { name: 'Saved connections' });
    this.bearerToken = page.getByLabel('Bearer token');
    this.protocolVersion = page.getByRole('textbox', { name: 'Protocol version' });
    this.note = page.getByLabel('Connection note');
  }

  /** Open the app connected to `url` (direct unless `transport` says otherwise). */
  async openServer(url: string, transport?: 'relay') {
    const q = new URLSearchParams({ server: url });
    if (transport) q.set('transport', transport);
    await this.page.goto(`/?${q.toString()}`);
  }

  finding(title: string | RegExp): Locator {
    return this.findings.getByRole('listitem', { name: title });
  }

  async expectConnected(serverName?: string) {
    await expect(this.status.getByText('connected', { exact: true })).toBeVisible();
    if (serverName) await expect(this.status).toContainText(serverName);
  }

  async expectFailed() {
    await expect(this.status).toContainText('connection failed');
  }

  async openSettings() {
    const toggle = this.page.getByRole('button', { name: 'Connection settings' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  /** Pin the era in Connection settings ('Auto', '2026-07-28' or '2025-11-25') and connect again. */
  async pinEra(era: 'auto' | '2026-07-28' | '2025-11-25') {
    await this.openSettings();
    await this.page.getByRole('combobox', { name: 'Era' }).selectOption(era);
    await this.page.getByRole('button', { name: 'Connect', exact: true }).click();
  }

  async pickSaved(label: string | RegExp) {
    const option = this.savedConnections.getByRole('option', { name: label });
    const value = await option.getAttribute('value');
    if (value === null) throw new Error(`no saved connection option ${String(label)}`);
    await this.savedConnections.selectOption(value);
  }
}
