import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 / 2.1, levels A and AA, plus the (experimental) rule that a visible label is part of the name. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Scans the whole page as it is now with axe-core and fails with a readable list (rule, impact, where, why) when any
 * violation of any impact is found.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const result = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: TAGS },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  const lines = result.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
    ),
  );
  expect(lines, `axe violations in state "${state}"`).toEqual([]);
}
