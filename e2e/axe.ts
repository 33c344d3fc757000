import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 / 2.1, levels A and AA, plus the (experimental) rule that a visible label is part of the name. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Scans the whole page as it is now with axe-core and fails with a readable list (rule, impact, where, why) when any
 * violation of any impact is found.
 *
 * Legacy mode runs axe in the page itself. The default mode runs it piecewise in every frame and then opens a new blank
 * page to combine the pieces: on a busy machine that took 15-20 s a scan, against 3-4 s for the same rules here. What
 * the default adds is only cross-origin frames, and the inspector renders no frames (it never shows a URL in an iframe),
 * which the first line checks. Only violations are listed in full (passes are reduced to one node per rule): the rules
 * run are the same, the result just crosses back smaller.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  expect(page.frames(), `frames on the page in state "${state}" (axe runs in the main one only)`).toHaveLength(1);
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({
      runOnly: { type: 'tag', values: TAGS },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })
    .analyze();
  const lines = result.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
    ),
  );
  expect(lines, `axe violations in state "${state}"`).toEqual([]);
}
