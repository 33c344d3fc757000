import { expect, type Page } from '@playwright/test';

/** The sign-in notice and the "Authorization" region. */
export class AuthPage {
  constructor(readonly page: Page) {}

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

  /** opt in to "Keep me signed in in this tab" */
  async keepInTab(): Promise<void> {
    await this.region.getByText('Client identity').click();
    await this.region.getByRole('checkbox', { name: /Keep me signed in in this tab/ }).check();
  }

  /** the access token this tab keeps for `serverUrl` in sessionStorage, or null when it keeps none */
  async keptAccessToken(serverUrl: string): Promise<string | null> {
    const text = await this.page.evaluate((url) => sessionStorage.getItem(`mrtr-inspector/auth/${url}`), serverUrl);
    if (text === null) return null;
    return (JSON.parse(text) as { tokens: { accessToken: string } }).tokens.accessToken;
  }

  /** the refusal shown in the region: plain words, its spec section, and that the session is kept */
  get failure() {
    return this.region.getByRole('alert');
  }

  /** the held step of a stepped-through sign-in */
  get held() {
    return this.region.getByRole('region', { name: 'Held step' });
  }

  /** send held steps one by one (each send adds the next step to the list) until the held one is `title` */
  async sendStepsUntil(title: string): Promise<void> {
    const steps = this.region.getByRole('list', { name: 'Sign-in steps' }).getByRole('listitem');
    for (let sent = 0; sent < 20; sent++) {
      await expect(this.held).toBeVisible();
      if ((await this.held.getByText(/^Held: /).innerText()).includes(title)) return;
      const count = await steps.count();
      await this.held.getByRole('button', { name: 'Send step' }).click();
      await expect(steps).toHaveCount(count + 1);
    }
    throw new Error(`no held step "${title}" within 20 steps`);
  }

  /** edit the held step's URL with `edit` */
  async editHeldUrl(edit: (url: URL) => void): Promise<void> {
    const box = this.held.getByRole('textbox', { name: 'Step URL' });
    const url = new URL(await box.inputValue());
    edit(url);
    await box.fill(url.href);
  }

  step(name: RegExp) {
    return this.region.getByRole('list', { name: 'Sign-in steps' }).getByRole('listitem').filter({ hasText: name });
  }
}
