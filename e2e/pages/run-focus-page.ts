import { expect, type Locator } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

/** Run to completion from the composer, and where keyboard focus lands when the run pauses or finishes. */
export class RunFocusPage {
  readonly runButton: Locator;

  constructor(readonly inspector: InspectorPage) {
    this.runButton = inspector.composer.getByRole('button', { name: 'Run to completion' });
  }

  /**
   * Presses Run to completion from the keyboard (focus on the button, then Enter). It waits for the button to be enabled
   * first: while a leg is in flight it is disabled, and focusing a disabled button does nothing (the composer of the
   * answered round then shows a new button that nobody focused).
   */
  async runFromKeyboard() {
    await expect(this.runButton).toBeEnabled();
    await this.runButton.focus();
    await expect(this.runButton).toBeFocused();
    await this.runButton.press('Enter');
  }

  /** Calls rolling_upgrade and answers its first round (target version) without sending the retry. */
  async answerFirstUpgradeRound(version = '1.30.2 (minor)') {
    await this.inspector.callTool('rolling_upgrade');
    const group = this.inspector.inputRequest('target_version');
    await group.getByLabel('Target version').selectOption({ label: version });
    await group.getByRole('button', { name: 'Accept', exact: true }).click();
  }
}
