import { expect, type Locator, type Page } from '@playwright/test';

/** The inspector as a user sees it, by roles and labels. */
export class InspectorPage {
  readonly serverUrl: Locator;
  readonly connect: Locator;
  readonly timeline: Locator;
  readonly result: Locator;
  readonly composer: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.serverUrl = page.getByRole('textbox', { name: 'Server URL' });
    this.connect = page.getByRole('button', { name: 'Connect', exact: true });
    this.timeline = page.getByRole('list', { name: 'Timeline' });
    this.result = page.getByRole('region', { name: 'Result' });
    this.composer = page.getByRole('region', { name: 'Next request' });
    this.status = page.getByRole('status', { name: 'Connection status' });
  }

  async open(query = '') {
    await this.page.goto(`/${query}`);
    await expect(this.status).toContainText('connected');
  }

  tool(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Server catalog' }).getByRole('button', { name, exact: true });
  }

  inputRequest(key: string): Locator {
    return this.page.getByRole('group', { name: key, exact: true });
  }

  /** The Timeline's leg items (conversation headers are list items too, holding a disclosure button). */
  legs(): Locator {
    return this.timeline.getByRole('listitem').filter({ has: this.page.getByRole('button', { name: /^Round \d+/ }) });
  }

  async callTool(name: string, fill?: (page: Page) => Promise<void>) {
    await this.tool(name).click();
    if (fill) await fill(this.page);
    await this.page.getByRole('button', { name: 'Call tool' }).click();
  }

  requestState(): Locator {
    return this.composer.getByRole('textbox', { name: 'requestState', exact: true });
  }

  async sendRetry() {
    await this.composer.getByRole('button', { name: 'Send retry' }).click();
  }

  /** Call provision for the database `name`: round 1 asks which region. */
  async callProvision(name = 'orders') {
    await this.callTool('provision', async (p) => {
      await p.getByRole('textbox', { name: /Database name/ }).fill(name);
    });
  }

  /** Accept `region` in provision's region request; the retry waits in the composer. */
  async acceptRegion(region = 'eu-west-1') {
    const group = this.inputRequest('region');
    await group.getByLabel('Region').selectOption(region);
    await group.getByRole('button', { name: 'Accept', exact: true }).click();
  }

  /** Call provision for "orders", accept eu-west-1, send the retry and wait for the result. */
  async provisionOrders(region = 'eu-west-1') {
    await this.callProvision();
    await this.acceptRegion(region);
    await this.sendRetry();
    await expect(this.result).toContainText(`Provisioned orders in ${region}`);
  }

  /** Fork provision's round 2 from the leg inspector and decline the region there; the fork waits in the composer. */
  async forkRound2AndDeclineRegion() {
    await this.legs().nth(1).getByRole('button').click();
    await this.page
      .getByRole('region', { name: 'Leg inspector' })
      .getByRole('button', { name: 'Fork from this leg' })
      .click();
    const region = this.inputRequest('region');
    await region.getByRole('button', { name: 'Change answer' }).click();
    await region.getByRole('button', { name: 'Decline' }).click();
  }

  /** `dual_era_pitfall` confirmed and completed on this (2026-07-28) connection. */
  async completePitfall() {
    await this.callTool('dual_era_pitfall');
    const confirm = this.inputRequest('confirm');
    await confirm.getByLabel('Yes, delete it').check();
    await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
    await this.sendRetry();
    await expect(this.result).toContainText('Deleted report.pdf.');
  }

  /** Send the retry although some input requests are unanswered (a deliberate override). */
  async sendRetryUnanswered() {
    await this.composer.getByRole('checkbox', { name: /^Send without answering/ }).check();
    await this.sendRetry();
  }
}
