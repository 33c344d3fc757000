import { expect, type ElementHandle, type Locator, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** WCAG 2.0 / 2.1, levels A and AA, plus the (experimental) rule that a visible label is part of the name. */
const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};
/** The same rules without colour contrast, and colour contrast alone (nine tenths of a scan's time on a large page). */
const ALL_BUT_CONTRAST: RunOptions = { ...OPTIONS, rules: { ...OPTIONS.rules, 'color-contrast': { enabled: false } } };
const CONTRAST_ONLY: RunOptions = {
  runOnly: { type: 'rule', values: ['color-contrast'] },
  resultTypes: ['violations'],
};

/** The minified build: the same rules as the full one, half the script for the page to parse. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = {
  axe?: { run(context: Node | { include: Node[] }, options: RunOptions): Promise<AxeResults> };
  /** The page as the last passing scan saw it (see `describePage`). */
  axeScanned?: string[];
};

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
  await loadAxe(page, state);
  expect(await violations(page, OPTIONS), `axe violations in state "${state}"`).toEqual([]);
}

/**
 * Scans the page as it is now in the light theme and then in the dark one, so that each state is reached once and
 * scanned in both. The theme follows the system's colour scheme (the default choice, "System", changes with it), and a
 * theme swaps only colours: the page, its state and its markup stay as they are.
 *
 * `changed` names the part of the page that changed since the page's last scan. When everything else is still what
 * that scan passed (same elements in the same places, same attributes, text, styles, form values and scroll offsets:
 * axe does not measure what is scrolled out of sight), colour contrast, nine tenths of a scan on a large page, is
 * measured within `changed` only; every other rule still runs on the whole page. When anything else changed, or
 * nothing was scanned yet in this page, the whole page is scanned. A scan is remembered only if the page did not change
 * while it ran.
 */
export async function expectNoAxeViolationsInBothThemes(page: Page, state: string, changed?: Locator): Promise<void> {
  await loadAxe(page, state);
  const seen = await page.evaluate(describePage);
  const within = changed ? await changedOnly(changed, seen) : undefined;
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
    const found = within
      ? [...(await violations(page, ALL_BUT_CONTRAST)), ...(await violations(page, CONTRAST_ONLY, within))]
      : await violations(page, OPTIONS);
    const scope = within ? ', colour contrast within the part that changed' : '';
    expect(found, `axe violations in state "${state}, ${colorScheme} theme"${scope}`).toEqual([]);
  }
  const after = await page.evaluate(describePage);
  const steady = after.length === seen.length && after.every((line, i) => line === seen[i]);
  await page.evaluate(
    (scanned) => {
      (window as AxeWindow).axeScanned = scanned;
    },
    steady ? seen : undefined,
  );
}

async function loadAxe(page: Page, state: string): Promise<void> {
  expect(page.frames(), `frames on the page in state "${state}" (axe runs in the main one only)`).toHaveLength(1);
  const loaded = await page.evaluate(() => (window as AxeWindow).axe !== undefined);
  if (!loaded) await page.evaluate(AXE_SOURCE);
}

/** The violations axe (loaded) finds with `options`, in the whole page or within one element, a readable line each. */
async function violations(page: Page, options: RunOptions, within?: ElementHandle<Node>): Promise<string[]> {
  const result = await page.evaluate(
    async ([opts, element]) => {
      const axe = (window as AxeWindow).axe;
      if (!axe) throw new Error('axe-core did not load in the page');
      return axe.run(element ? { include: [element] } : document, opts);
    },
    [options, within] as const,
  );
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`,
    ),
  );
}

/**
 * `changed`, when the rest of the page (`now`) is what the page's last passing scan saw, else undefined (scan
 * everything). Both are compared as `describePage` lines, leaving out those of `changed` and what it holds.
 */
async function changedOnly(changed: Locator, now: string[]): Promise<ElementHandle<Node> | undefined> {
  const element = await changed.elementHandle();
  const same = await element.evaluate((el, lines) => {
    const before = (window as AxeWindow).axeScanned;
    // a style sheet in the changed part may restyle the rest
    if (!before || (el instanceof Element && el.querySelector('style, link'))) return false;
    let path = '';
    for (let node: Node = el; node !== document.documentElement; node = node.parentNode as Node) {
      path = `/${[...(node.parentNode?.childNodes ?? [])].indexOf(node as ChildNode)}${path}`;
    }
    const outside = (all: string[]) =>
      all.filter((line) => !line.startsWith(`${path} `) && !line.startsWith(`${path}/`));
    const [a, b] = [outside(before), outside(lines)];
    return a.length === b.length && a.every((line, i) => line === b[i]);
  }, now);
  return same ? element : undefined;
}

/**
 * The page as lines: each node by its path of child positions, each element with its attributes (but the theme on
 * <html>), form value and scroll offset, each text with its text. Style sheets are elements and text too, so two equal
 * descriptions show the same thing in the same colours.
 */
function describePage(): string[] {
  const lines: string[] = [];
  const walk = (node: Node, path: string) => {
    if (node instanceof Element) {
      const attrs = [...node.attributes]
        .filter((a) => !(node === document.documentElement && a.name === 'data-theme'))
        .map((a) => `${a.name}=${JSON.stringify(a.value)}`);
      const value =
        node instanceof HTMLInputElement
          ? `${node.value} ${node.checked}`
          : node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement
            ? node.value
            : '';
      lines.push(`${path} <${node.localName} ${attrs.join(' ')}> ${value} ${node.scrollTop},${node.scrollLeft}`);
    } else if (node instanceof CharacterData && !(node instanceof Comment)) {
      lines.push(`${path} ${JSON.stringify(node.data)}`);
    }
    node.childNodes.forEach((child, i) => walk(child, `${path}/${i}`));
  };
  walk(document.documentElement, '');
  return lines;
}
