import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** WCAG 2.0 / 2.1, levels A and AA, plus the (experimental) rule that a visible label is part of the name. */
const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

/** The minified build: the same rules as the full one, half the script for the page to parse. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/**
 * Scans the whole page as it is now with axe-core and fails with a readable list (rule, impact, where, why) when any
 * violation of any impact is found.
 *
 * axe runs in the page itself: combining per-frame results in a new blank page (axe's default for frames) took 15-20 s
 * a scan on a busy machine, and what it adds is only cross-origin frames, while the inspector renders no frames (it
 * never shows a URL in an iframe), which the first line checks. The script is put in a page once and kept for the
 * page's later scans (a scan that loaded it each time spent 1-3 s of a busy machine on it, twice per scan). Only
 * violations are listed in full (passes are reduced to one node per rule): the rules run are the same, the result just
 * crosses back smaller.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  expect(page.frames(), `frames on the page in state "${state}" (axe runs in the main one only)`).toHaveLength(1);
  const loaded = await page.evaluate(() => (window as AxeWindow).axe !== undefined);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async (options) => {
    const axe = (window as AxeWindow).axe;
    if (!axe) throw new Error('axe-core did not load in the page');
    return axe.run(document, options);
  }, OPTIONS);
  const lines = result.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
    ),
  );
  expect(lines, `axe violations in state "${state}"`).toEqual([]);
}

/**
 * Scans the page as it is now in the light theme and then in the dark one, so that each state is reached once and
 * scanned in both. The theme follows the system's colour scheme (the default choice, "System", changes with it), and a
 * theme swaps only colours: the page, its state and its markup stay as they are.
 */
export async function expectNoAxeViolationsInBothThemes(page: Page, state: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html'), `the ${colorScheme} theme in state "${state}"`).toHaveAttribute(
      'data-theme',
      colorScheme,
    );
    // a colour that is still changing would be measured half-way
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished),
      ),
    );
    await expectNoAxeViolations(page, `${state}, ${colorScheme} theme`);
  }
}
