import { expect, type Locator } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

/** Watched clients: the proxies the page starts, their hold switches, and the held items. */
export class WatchPage {
  readonly region: Locator;
  readonly startProxy: Locator;
  readonly holdRequests: Locator;
  readonly heldRequest: Locator;

  constructor(readonly inspector: InspectorPage) {
    const page = inspector.page;
    this.region = page.getByRole('region', { name: 'Watched clients' });
    this.startProxy = page.getByRole('button', { name: 'Start a proxy for this server' });
    this.holdRequests = this.region.getByRole('checkbox', { name: 'Hold client requests' });
    this.heldRequest = page.getByRole('region', { name: 'Held request' }).first();
  }

  /** Starts a proxy for the connected server and returns its URL, as the region shows it. */
  async start(target: string): Promise<string> {
    await this.startProxy.click();
    const item = this.region.getByRole('listitem', { name: `proxy to ${target}` });
    await expect(item).toContainText('proxy http://127.0.0.1:');
    const text = (await item.textContent()) ?? '';
    return /proxy (http:\/\/127\.0\.0\.1:\d+\S*?) →/.exec(text)![1]!;
  }

  /** Stops the proxy for `target` with its own button: the region goes once no proxy is left. */
  async stop(target: string): Promise<void> {
    const item = this.region.getByRole('listitem', { name: `proxy to ${target}` });
    await item.getByRole('button', { name: 'Stop proxy' }).click();
    await expect(item).toBeHidden();
  }

  /** Opens the held request's requestState lab and flips bit 0 of byte `index` in its hex grid. */
  async flipHeldByte(index: number): Promise<void> {
    await this.heldRequest.getByText('requestState lab', { exact: true }).click();
    const lab = this.heldRequest.getByRole('region', { name: 'requestState lab' });
    await lab.getByRole('tab', { name: 'Bytes' }).click();
    await lab.getByRole('button', { name: new RegExp(`^byte ${index}: 0x[0-9a-f]{2}$`) }).click();
  }

  /** A watched leg in the Timeline, by its button's name (the first match). */
  watchedLeg(name: RegExp): Locator {
    return this.inspector.timeline.getByRole('button', { name }).first();
  }

  /**
   * Forwards each held request of a call unchanged until the one that carries `inputResponses` (the client's retry,
   * answering the round that asked) is held, and leaves that retry held.
   */
  async forwardUntilRetry(): Promise<void> {
    for (;;) {
      await expect(this.heldRequest).toBeVisible();
      const body = (await this.heldBody().textContent()) ?? '';
      if (body.includes('inputResponses')) return;
      await this.heldRequest.getByRole('button', { name: 'Forward' }).click();
      // the next held item replaces this one: wait for a different body before reading it
      await expect(this.heldBody()).not.toHaveText(body);
    }
  }

  /** What the held request's body was when it arrived. */
  heldBody(): Locator {
    return this.heldRequest.getByLabel('Body as it arrived');
  }
}
