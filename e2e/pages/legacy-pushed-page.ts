import { expect, type Locator, type Page } from '@playwright/test';
import { ConnectionPage } from './connection-page.ts';

/** A 2025-11-25 session's pushed requests: their legs, cards and the response held in the composer. */
export class LegacyPushedPage {
  readonly composer: Locator;
  readonly timeline: Locator;

  constructor(readonly page: Page) {
    this.composer = page.getByRole('region', { name: 'Next request' });
    this.timeline = page.getByRole('list', { name: 'Timeline' });
  }

  /** Pin the connection to 2025-11-25 and wait for the session. */
  async useLegacyEra() {
    await new ConnectionPage(this.page).pinEra('2025-11-25');
    await expect(this.page.getByRole('status', { name: 'Connection status' })).toContainText('era 2025-11-25');
  }

  /** The card of the request the server pushed (its key is `<method> #<id>`). */
  pushed(method: string): Locator {
    return this.page.getByRole('group', { name: new RegExp(`^${method.replace('/', '\\/')} #`) });
  }

  /** A pushed request's leg in the Timeline. */
  pushedLeg(round: number, method: string): Locator {
    return this.timeline.getByRole('button', {
      name: new RegExp(`^Round ${round} ${method.replace('/', '\\/')} server → client:`),
    });
  }

  responseBody(): Locator {
    return this.composer.getByLabel('Request body about to be sent');
  }

  /** Replace the held response by hand. */
  async editResponse(edit: (body: string) => string) {
    await this.composer.getByRole('button', { name: 'Edit body' }).click();
    const box = this.composer.getByRole('textbox', { name: 'Raw request body' });
    await box.fill(edit(await box.inputValue()));
  }

  async sendResponse() {
    await this.composer.getByRole('button', { name: 'Send response' }).click();
  }
}
