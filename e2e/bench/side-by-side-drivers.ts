/**
 * The same user journeys on this app and on the official inspector, for figure-official.ts. Each timed step is one
 * click measured in the page (segment-timing.ts) from the input event to the frame that shows its outcome; what a
 * person does between steps (typing a name, choosing a region) is done by Playwright and not timed. A journey's figure
 * is the sum of its timed steps: the time the user waits for the machine.
 */
import type { Page } from '@playwright/test';
import { timed } from './segment-timing.ts';

export interface Driver {
  name: 'ours' | 'theirs';
  /** navigation start -> `provision` listed (ms since navigation start, stamped in the page) */
  openAndList(page: Page): Promise<number>;
  provision(page: Page): Promise<number[]>;
  rollingUpgrade(page: Page): Promise<number[]>;
  /** one plain tools/call (greet, a different name each time), waiting for its result */
  simpleCall(page: Page, i: number): Promise<void>;
}

/**
 * Init script (JavaScript source: tsx's name helpers do not exist in the page): stamps `performance.now()` when an
 * element matching `selector` whose text is exactly `text` appears.
 */
const stampWhen = (probe: { selector: string; text: string }) => `(() => {
  const probe = ${JSON.stringify(probe)};
  const found = () => [...document.querySelectorAll(probe.selector)].some((e) => e.textContent === probe.text);
  const observer = new MutationObserver(() => {
    if (window.__listedAt === undefined && found()) {
      window.__listedAt = performance.now();
      observer.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true, attributes: true }),
  );
})();`;

async function listedAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { __listedAt?: number }).__listedAt,
    undefined,
    {
      timeout: 30_000,
      polling: 50,
    },
  );
  return (await handle.jsonValue()) as number;
}

const REGION_QUESTION = 'Which region should orders be provisioned in?';
const PROVISIONED = 'Provisioned orders in eu-west-1';
const UPGRADED = 'Rolling upgrade of prod-eu scheduled';

export function ourDriver(appUrl: string, mcpUrl: string): Driver {
  const tool = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Server catalog' }).getByRole('button', { name, exact: true });
  const composer = (page: Page) => page.getByRole('region', { name: 'Next request' });
  const group = (page: Page, key: string) => page.getByRole('group', { name: key, exact: true });
  const accept = (page: Page, key: string) =>
    timed(
      page,
      'unanswered',
      () => group(page, key).getByRole('button', { name: 'Accept', exact: true }).click(),
      true,
    );
  const run = (page: Page, text: string) =>
    timed(page, text, () => composer(page).getByRole('button', { name: 'Run to completion' }).click());
  return {
    name: 'ours',
    async openAndList(page) {
      await page.addInitScript(stampWhen({ selector: 'nav[aria-label="Server catalog"] button', text: 'provision' }));
      await page.goto(`${appUrl}/?server=${encodeURIComponent(mcpUrl)}`);
      return listedAt(page);
    },
    async provision(page) {
      await tool(page, 'provision').click();
      await page.getByRole('textbox', { name: /Database name/ }).fill('orders');
      const call = await timed(page, REGION_QUESTION, () => page.getByRole('button', { name: 'Call tool' }).click());
      await group(page, 'region').getByLabel('Region').selectOption('eu-west-1');
      return [call, await accept(page, 'region'), await run(page, PROVISIONED)];
    },
    async rollingUpgrade(page) {
      await tool(page, 'rolling_upgrade').click();
      const steps = [await timed(page, 'Round 1 of 3', () => page.getByRole('button', { name: 'Call tool' }).click())];
      await group(page, 'target_version').getByLabel('Target version').selectOption({ label: '1.30.2 (minor)' });
      steps.push(await accept(page, 'target_version'), await run(page, 'Round 2 of 3'));
      await group(page, 'maintenance_window').getByLabel('Window start').fill('2026-12-01T02:00');
      steps.push(await accept(page, 'maintenance_window'), await run(page, 'Round 3 of 3'));
      await group(page, 'confirm').getByLabel('Yes, schedule the upgrade').check();
      steps.push(await accept(page, 'confirm'), await run(page, UPGRADED));
      return steps;
    },
    async simpleCall(page, i) {
      await tool(page, 'greet').click();
      await page.getByRole('textbox', { name: /^name\b/ }).fill(`call-${i}`);
      await timed(page, `Hello, call-${i}!`, () => page.getByRole('button', { name: 'Call tool' }).click());
    },
  };
}

export function theirDriver(officialUrl: string): Driver {
  const dialog = (page: Page) => page.getByRole('dialog');
  const execute = (page: Page, text: string) =>
    timed(page, text, () => page.getByRole('button', { name: 'Execute Tool' }).click());
  const submit = (page: Page, text: string) =>
    timed(page, text, () => dialog(page).getByRole('button', { name: 'Submit' }).click());
  const choose = async (page: Page, label: string, option: string) => {
    await dialog(page).getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option }).click();
  };
  const pick = async (page: Page, name: string) => {
    // the last call's result replaces the tool's form until it is closed
    const close = page.getByRole('button', { name: 'Close results' });
    if (await close.count()) await close.click();
    await page.getByText(name, { exact: true }).first().click();
  };
  return {
    name: 'theirs',
    async openAndList(page) {
      await page.addInitScript(stampWhen({ selector: 'p, span', text: 'provision' }));
      await page.goto(officialUrl);
      // it does not connect on load: the bench flips the server's switch and opens Tools as soon as each appears
      await page.getByRole('switch').first().click({ force: true });
      await page.getByText('Tools', { exact: true }).first().click();
      return listedAt(page);
    },
    async provision(page) {
      await pick(page, 'provision');
      await page.getByRole('textbox', { name: 'Database name' }).fill('orders');
      const call = await execute(page, REGION_QUESTION);
      await choose(page, 'Region', 'eu-west-1');
      return [call, await submit(page, PROVISIONED)];
    },
    async rollingUpgrade(page) {
      await pick(page, 'rolling_upgrade');
      const steps = [await execute(page, 'Round 1 of 3')];
      await choose(page, 'Target version', '1.30.2 (minor)');
      steps.push(await submit(page, 'Round 2 of 3'));
      await dialog(page).getByLabel('Window start').first().fill('2026-12-01T02:00');
      steps.push(await submit(page, 'Round 3 of 3'));
      await dialog(page).getByLabel('Yes, schedule the upgrade').first().check({ force: true });
      steps.push(await submit(page, UPGRADED));
      return steps;
    },
    async simpleCall(page, i) {
      await pick(page, 'greet');
      await page.getByRole('textbox', { name: /^name\b/ }).fill(`call-${i}`);
      await execute(page, `Hello, call-${i}!`);
    },
  };
}
