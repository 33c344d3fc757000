import { expect, type Locator, type Page } from '@playwright/test';

/** Moving through the inspector with the keyboard only: Tab / Shift+Tab until a control has focus, then keys. */
export class KeyboardPage {
  constructor(readonly page: Page) {}

  /** True when `target` holds the keyboard focus now. */
  async isFocused(target: Locator): Promise<boolean> {
    return target.evaluate((el) => el === document.activeElement).catch(() => false);
  }

  /**
   * Presses Tab (or Shift+Tab with `back`) until `target` has focus; fails after `max` presses, saying how many it
   * took so far (the count is what a keyboard user pays).
   */
  async tabTo(target: Locator, { max = 80, back = false }: { max?: number; back?: boolean } = {}): Promise<number> {
    await expect(target).toBeVisible();
    for (let presses = 0; presses <= max; presses += 1) {
      if (await this.isFocused(target)) return presses;
      await this.page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    }
    throw new Error(`${String(target)} not reached after ${max} ${back ? 'Shift+Tab' : 'Tab'} presses`);
  }

  /** Presses ArrowDown on a focused closed `<select>` until the option labelled `label` is chosen (Chromium changes it in place). */
  async arrowTo(select: Locator, label: string, max = 10) {
    await expect(select).toBeFocused();
    const chosen = () => select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text ?? '');
    for (let i = 0; i < max && (await chosen()) !== label; i += 1) {
      await this.page.keyboard.press('ArrowDown');
    }
    await expect(select.locator('option:checked')).toHaveText(label);
  }

  /** In the focused `region` request of provision: Tab to the Region select, arrow to `label`, Tab to Accept, Enter. */
  async answerRegion(request: Locator, label = 'eu-west-1') {
    const region = request.getByRole('combobox', { name: 'Region', exact: true });
    await this.tabTo(region, { max: 3 });
    await this.arrowTo(region, label);
    await this.tabTo(request.getByRole('button', { name: 'Accept', exact: true }), { max: 3 });
    await this.press('Enter');
  }

  async press(key: string) {
    await this.page.keyboard.press(key);
  }

  async type(text: string) {
    await this.page.keyboard.type(text);
  }
}
