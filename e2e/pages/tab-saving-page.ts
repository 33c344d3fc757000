import type { Locator, Page } from '@playwright/test';

/** The notice a tab shows when another tab saves the session (or the saving tab closed), by roles and labels. */
export class TabSavingPage {
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.notice = page.getByRole('alert', { name: 'Saving paused' });
  }

  button(name: 'Save from this tab instead' | 'Load the saved session' | "Keep this tab's session and save it") {
    return this.notice.getByRole('button', { name, exact: true });
  }
}
