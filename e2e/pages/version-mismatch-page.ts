import { expect, type Locator } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

/** The -32022 panel inside the Result region: what the server supports, what both speak, the resend. */
export class VersionMismatchPage {
  readonly panel: Locator;

  constructor(readonly inspector: InspectorPage) {
    this.panel = inspector.result.getByRole('region', { name: 'Protocol version mismatch' });
  }

  /** the value next to a term of the panel ("Server supports", "This client speaks", "Both speak") */
  fact(term: string): Locator {
    return this.panel.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  }

  resend(version: string): Locator {
    return this.panel.getByRole('button', { name: `Resend with version ${version}`, exact: true });
  }

  /** the refused call: the error's code and message, what the server lists, and the offer */
  async expectRefused(requested: string, supported: string, offer: string) {
    await expect(this.inspector.result).toContainText(`Error -32022: Unsupported protocol version: ${requested}`);
    await expect(this.panel).toContainText(`protocol version ${requested}`);
    await expect(this.fact('Server supports')).toHaveText(supported);
    await expect(this.fact('Both speak')).toHaveText(offer);
    await expect(this.resend(offer)).toBeEnabled();
  }
}
