import { expect, type Locator, type Page } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

/** The input-request side of the inspector: catalog entries of every kind, request cards, results. */
export class InputRequestsPage {
  readonly page: Page;
  readonly catalog: Locator;
  readonly progress: Locator;

  constructor(readonly inspector: InspectorPage) {
    this.page = inspector.page;
    this.catalog = this.page.getByRole('navigation', { name: 'Server catalog' });
    this.progress = this.page.getByRole('region', { name: 'Input requests' }).getByRole('status');
  }

  /** Connects to another endpoint of the mock (e.g. `/chaos`) by typing its URL, as a user would. */
  async connectTo(path: string) {
    const config = await this.page.request
      .get('/__inspector/config')
      .then((r) => r.json() as Promise<{ mockUrl: string }>);
    const url = new URL(path, config.mockUrl).toString();
    await this.inspector.serverUrl.fill(url);
    await this.inspector.connect.click();
    await expect(this.inspector.status).toContainText('connected');
    return url;
  }

  entry(name: string): Locator {
    return this.catalog.getByRole('button', { name, exact: true });
  }

  request(key: string): Locator {
    return this.inspector.inputRequest(key);
  }

  async accept(key: string) {
    await this.request(key).getByRole('button', { name: 'Accept', exact: true }).click();
  }

  body(): Locator {
    return this.inspector.composer.getByLabel('Request body about to be sent');
  }

  async runToCompletion() {
    await this.inspector.composer.getByRole('button', { name: 'Run to completion' }).click();
  }

  /** Answers a sampling request with a written reply. */
  async answerSampling(key: string, reply: string, model = 'human-in-the-loop') {
    const card = this.request(key);
    await card.getByLabel('Assistant reply').fill(reply);
    await card.getByLabel('Model', { exact: true }).fill(model);
    await card.getByRole('button', { name: 'Send reply' }).click();
  }

  /** Answers a roots request with exactly these roots (replacing the saved ones). */
  async answerRoots(key: string, roots: { uri: string; name?: string }[]) {
    const card = this.request(key);
    const remove = card.getByRole('button', { name: /^Remove root/ });
    while ((await remove.count()) > 0) await remove.first().click();
    for (const [i, root] of roots.entries()) {
      await card.getByRole('button', { name: 'Add root' }).click();
      await card.getByLabel(`URI ${i + 1}`, { exact: true }).fill(root.uri);
      if (root.name) await card.getByLabel(`Name ${i + 1}`, { exact: true }).fill(root.name);
    }
    await card.getByRole('button', { name: 'Send roots' }).click();
  }
}
