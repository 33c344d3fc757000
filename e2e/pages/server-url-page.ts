import { expect, type Locator, type Page } from '@playwright/test';
import { PROXY_EVENTS_PATH } from '../../src/protocol/proxy-wire.ts';

/** The Server URL field, its Connect button, the catalog and the requests the page sends, by roles and labels. */
export class ServerUrlPage {
  readonly field: Locator;
  readonly connect: Locator;
  readonly status: Locator;
  readonly catalog: Locator;
  readonly doctor: Locator;
  /**
   * every POST the page sent to its own origin (where a relative Server URL would go) since `watchPosts`; the page's
   * own follow of the proxies' traffic (the watched-clients event stream) is no request to a server and is left out
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
      if (r.method() === 'POST' && url.origin === appOrigin && url.pathname !== PROXY_EVENTS_PATH)
        this.posts.push(r.url());
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
