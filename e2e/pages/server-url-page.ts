import { expect, type Locator, type Page } from '@playwright/test';

/** The Server URL field, its Connect button, the catalog and the requests the page sends, by roles and labels. */
export class ServerUrlPage {
  readonly field: Locator;
  readonly connect: Locator;
  readonly status: Locator;
  readonly catalog: Locator;
  readonly doctor: Locator;
  /**
   * every POST the page sent to its own origin (where a relative Server URL would go) since `watchPosts`; with no proxy
   * running the page opens no watched-clients event stream either, so that counts too
   */
  readonly posts: string[] = [];

  constructor(readonly page: Page) {
    this.field = page.getByRole('textbox', { name: 'Server URL' });
    this.connect = page.getByRole('button', { name: 'Connect', exact: true });
    this.status = page.getByRole('status', { name: 'Connection status' });
    this.catalog = page.getByRole('navigation', { name: 'Server catalog' });
    this.doctor = page.getByRole('region', { name: 'Connection doctor' });
  }

  watchPosts(appOrigin: string) {
    this.page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'POST' && url.origin === appOrigin) this.posts.push(r.url());
    });
  }

  /** Type `url` into the field (replacing what is there) and press Connect. */
  async connectTo(url: string) {
    await this.field.fill(url);
    await this.connect.click();
  }

  async expectRefused(message: string) {
    await expect(this.field).toHaveAccessibleDescription(message);
    await expect(this.field).toHaveAttribute('aria-invalid', 'true');
    await expect(this.page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  }
}
