import { expect, type Locator, type Page } from '@playwright/test';
import { ConnectionPage } from './connection-page.ts';
import { InspectorPage } from './inspector-page.ts';

/** A task conversation (tasks extension): the capability knob, the Task panel and its controls. */
export class TaskPage {
  readonly panel: Locator;
  /** the Task panel's line about the status notification stream */
  readonly notifications: Locator;
  readonly inspector: InspectorPage;

  constructor(readonly page: Page) {
    this.inspector = new InspectorPage(page);
    this.panel = page.getByRole('region', { name: 'Task' });
    this.notifications = this.panel.getByTestId('task-notifications');
  }

  /**
   * Opens the app and declares the tasks extension on new calls (off by default). `notifications: false` turns off
   * listening for status notifications, so the task is followed by polling alone.
   */
  async openWithTasks(opts: { notifications?: boolean } = {}) {
    await this.inspector.open();
    await new ConnectionPage(this.page).openSettings();
    await this.page.getByRole('checkbox', { name: /Tasks extension/ }).check();
    const listen = this.page.getByRole('checkbox', { name: /Listen for task status notifications/ });
    if (opts.notifications === false) await listen.uncheck();
    else await expect(listen).toBeChecked();
  }

  button(name: 'Poll now' | 'Auto-poll' | 'Stop polling' | 'Cancel task'): Locator {
    return this.panel.getByRole('button', { name, exact: true });
  }

  async autoPollUntil(status: string) {
    await this.button('Auto-poll').click();
    await expect(this.panel).toContainText(status);
  }

  async sendUpdate() {
    await this.inspector.composer.getByRole('button', { name: 'Send update' }).click();
  }
}
