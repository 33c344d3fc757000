import { expect, type Page } from '@playwright/test';

/** The sign-in notice and the "Authorization" region. */
export class AuthPage {
  constructor(private readonly page: Page) {}

  get region() {
    return this.page.getByRole('region', { name: 'Authorization' });
  }

  get notice() {
    return this.page.getByRole('status').filter({ has: this.page.getByRole('button', { name: 'Sign in' }) });
  }

  /** the decoded access token (region "Access token"), shown while signed in */
  get token() {
    return this.region.getByRole('region', { name: 'Access token' });
  }

  /** the masked access token line, to tell one token from the next */
  async tokenSummary(): Promise<string> {
    return this.token.getByText(/^Signed in: access token/).innerText();
  }

  async open(serverUrl: string): Promise<void> {
    await this.page.goto(`/?server=${encodeURIComponent(serverUrl)}`);
  }

  async signIn(): Promise<void> {
    await this.notice.getByRole('button', { name: 'Sign in' }).click();
  }

  async expectSignedIn(): Promise<void> {
    await expect(this.region.getByRole('status').first()).toHaveText('Signed in.');
  }

  async fillClient(id: string, secret: string): Promise<void> {
    await this.region.getByText('Client identity').click();
    await this.region.getByLabel('Client ID (pre-registered)').fill(id);
    await this.region.getByLabel('Client secret').fill(secret);
  }

  step(name: RegExp) {
    return this.region.getByRole('list', { name: 'Sign-in steps' }).getByRole('listitem').filter({ hasText: name });
  }
}
