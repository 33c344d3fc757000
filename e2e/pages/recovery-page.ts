import { expect, type Locator, type Page } from '@playwright/test';

/** The ways back the conversation column offers: the page a URL flow waits for, and a rejected requestState. */
export class RecoveryPage {
  /** the "still waiting" screen's copy of the URL consent card */
  readonly waitingPage: Locator;
  /** inside the Result: why the requestState may have been rejected, and the resend */
  readonly rejectedState: Locator;

  constructor(readonly page: Page) {
    this.waitingPage = page.getByRole('region', { name: 'Page the server waits for' });
    this.rejectedState = page
      .getByRole('region', { name: 'Result' })
      .getByRole('region', { name: 'Why the requestState may have been rejected' });
  }

  /** Press Accept on a URL card that was never opened and confirm when asked. */
  async acceptUnopened(card: Locator) {
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(card.getByRole('alert')).toContainText('You have not opened this page. Accept anyway?');
    await card.getByRole('button', { name: 'Confirm without opening' }).click();
  }

  async retryWithServerState() {
    await this.rejectedState.getByRole('button', { name: "Retry with the server's requestState" }).click();
  }
}
