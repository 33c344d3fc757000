import { expect, type Locator, type Page } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

type Stage = 'request' | 'response';

/** Watched clients: the proxies the page starts, their hold switches, and the held items. */
export class WatchPage {
  readonly region: Locator;
  readonly startProxy: Locator;
  readonly holdRequests: Locator;
  readonly holdResponses: Locator;
  readonly heldRequest: Locator;
  readonly heldResponse: Locator;

  constructor(readonly inspector: InspectorPage) {
    const page = inspector.page;
    this.region = page.getByRole('region', { name: 'Watched clients' });
    this.startProxy = page.getByRole('button', { name: 'Start a proxy for this server' });
    // a proxy's own switches: a tap listed beside it has switches of the same names
    const proxies = this.region.getByRole('listitem', { name: /^proxy to / });
    this.holdRequests = proxies.getByRole('checkbox', { name: 'Hold client requests' });
    this.holdResponses = proxies.getByRole('checkbox', { name: 'Hold server responses' });
    this.heldRequest = this.held('request').first();
    this.heldResponse = this.held('response').first();
  }

  /** Every item held at `stage`, oldest first. */
  held(stage: Stage): Locator {
    return this.inspector.page.getByRole('region', { name: stage === 'request' ? 'Held request' : 'Held response' });
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

  /** Stops the proxy for `target` if one still runs (cleanup after a journey that stopped half way). */
  async stopIfRunning(target: string): Promise<void> {
    const item = this.region.getByRole('listitem', { name: `proxy to ${target}` });
    if ((await item.count()) > 0) await this.stop(target);
  }

  /** Opens the held request's requestState lab and flips bit 0 of byte `index` in its hex grid. */
  async flipHeldByte(index: number): Promise<void> {
    await this.heldRequest.getByText('requestState lab', { exact: true }).click();
    const lab = this.heldRequest.getByRole('region', { name: 'requestState lab' });
    await lab.getByRole('tab', { name: 'Bytes' }).click();
    await lab.getByRole('button', { name: new RegExp(`^byte ${index}: 0x[0-9a-f]{2}$`) }).click();
  }

  /**
   * Forwards, oldest first and unchanged, every item held at `stage` until one whose body as it arrived contains
   * `text` is held, and returns that one, still held. (A client's other traffic waits at the same stage: its
   * initialize, notifications, session stream and the answers to them.)
   */
  async forwardHeldUntil(stage: Stage, text: string): Promise<Locator> {
    const held = this.held(stage);
    const wanted = held.filter({
      has: this.inspector.page.getByLabel('Body as it arrived').filter({ hasText: text }),
    });
    for (;;) {
      await expect(held.first()).toBeVisible();
      if ((await wanted.count()) > 0) return wanted.first();
      // the oldest stays first until it is forwarded (new items are added after it): wait for that very one to go
      const oldest = held.first();
      const element = await oldest.elementHandle();
      await oldest.getByRole('button', { name: 'Forward' }).click();
      await element!.waitForElementState('hidden');
    }
  }

  /**
   * Forwards each held request of a call unchanged until the one that carries `inputResponses` (the client's retry,
   * answering the round that asked) is held, and leaves that retry held.
   */
  async forwardUntilRetry(): Promise<void> {
    await this.forwardHeldUntil('request', 'inputResponses');
  }

  /** A watched leg in the Timeline, by its button's name (the first match). */
  watchedLeg(name: RegExp): Locator {
    return this.inspector.timeline.getByRole('button', { name }).first();
  }
}

/**
 * Ends a host launched through the tap, and waits until its tap has left Watched clients (a tap ends with its host), so
 * the next journey starts with no tap listed.
 */
export async function endTappedHost(page: Page, host: { close(): Promise<unknown> } | undefined): Promise<void> {
  await host?.close();
  await expect(
    page.getByRole('region', { name: 'Watched clients' }).getByRole('listitem', { name: /^tap of / }),
  ).toHaveCount(0);
}
