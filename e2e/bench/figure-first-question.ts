/**
 * Figure: "Call -> first question painted": from the server's answer arriving (the `responseEnd` of the `tools/call`
 * fetch, Resource Timing) to the first painted frame showing the question it asks (an input request card), in the
 * production build under `vite preview`, the mock in-process, headless Chromium.
 *
 * Fresh page: a new browser context (cold cache), opened at `/?server=<mock>`; `ask_until_accept` is picked and called
 * as soon as its button is listed (before the idle-time preloading can help). Warm page: the same page right after,
 * calling `plan_trip` (its question screen, forms and timeline are loaded by then).
 */
import type { Browser, Page } from '@playwright/test';
import { startMockServer } from '../../src/node/mock-server/start.ts';
import { row, type FigureRow } from './report.ts';
import { summarize } from './stats.ts';
import { VIEWPORT } from '../chromium.ts';

/**
 * Runs in the page before any app script. `__benchArm(key)` starts a measurement for the card of input request `key`:
 * when that card appears, it waits for the next frame to paint (`requestAnimationFrame`, then a task), stamps it, and
 * reads the answer's arrival from the last fetch to the mock that started after the arm.
 */
const STAMP_QUESTION = `(() => {
  const w = window;
  w.__benchArm = (key, mcpUrl) => {
    const armedAt = performance.now();
    w.__benchResult = undefined;
    const find = () => [...document.querySelectorAll('[data-input-request]')].find((el) => el.getAttribute('data-input-request') === key);
    const done = () => {
      const painted = performance.now();
      const fetches = performance.getEntriesByType('resource')
        .filter((e) => e.name.startsWith(mcpUrl) && e.startTime >= armedAt && e.responseEnd <= painted);
      const answer = fetches.at(-1);
      w.__benchResult = answer ? { answerAt: answer.responseEnd, paintedAt: painted, fetches: fetches.length } : { error: 'no fetch after the click' };
    };
    const check = () => {
      if (!find()) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(done, 0));
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    check();
  };
})();`;

interface Stamp {
  answerAt?: number;
  paintedAt?: number;
  error?: string;
}

async function callAndMeasure(page: Page, mcpUrl: string, tool: string, key: string): Promise<number> {
  const nav = page.getByRole('navigation', { name: 'Server catalog' });
  await nav.getByRole('button', { name: tool, exact: true }).click();
  const call = page.getByRole('button', { name: 'Call tool' });
  await call.waitFor();
  await page.evaluate(
    ([k, url]) => (window as unknown as { __benchArm: (a: string, b: string) => void }).__benchArm(k!, url!),
    [key, mcpUrl],
  );
  await call.click();
  const handle = await page.waitForFunction(
    () => (window as unknown as { __benchResult?: Stamp }).__benchResult,
    undefined,
    {
      timeout: 15_000,
      polling: 20,
    },
  );
  const stamp = (await handle.jsonValue()) as Stamp;
  if (stamp.error || stamp.answerAt === undefined || stamp.paintedAt === undefined)
    throw new Error(stamp.error ?? 'no stamp');
  return stamp.paintedAt - stamp.answerAt;
}

export async function measureFirstQuestion(browser: Browser, appUrl: string, runs: number): Promise<FigureRow[]> {
  const mock = await startMockServer();
  const fresh: number[] = [];
  const warm: number[] = [];
  try {
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      try {
        const page = await context.newPage();
        await page.addInitScript(STAMP_QUESTION);
        await page.goto(`${appUrl}/?server=${encodeURIComponent(mock.mcpUrl)}`);
        const freshMs = await callAndMeasure(page, mock.mcpUrl, 'ask_until_accept', 'consent');
        const warmMs = await callAndMeasure(page, mock.mcpUrl, 'plan_trip', 'preferences');
        // run 0 warms the OS file cache and the mock's JIT; it is not counted
        if (i > 0) {
          fresh.push(freshMs);
          warm.push(warmMs);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await mock.close();
  }
  const budget = { value: 150, text: '<= 150 ms' };
  const note =
    'vite preview of the production build, ?server=<in-process mock>; from responseEnd of the tools/call fetch to the first painted frame showing its input request card (requestAnimationFrame, then a task); 1 warm-up run not counted';
  return [
    row(
      {
        id: 'first-question-fresh',
        figure: 'Call -> first question painted, fresh page',
        unit: 'ms',
        summary: summarize(fresh),
        note: `${note}; a new browser context per run, ask_until_accept called as soon as it is listed`,
        details: { samples: fresh },
      },
      budget,
    ),
    row(
      {
        id: 'first-question-warm',
        figure: 'Call -> first question painted, warm page',
        unit: 'ms',
        summary: summarize(warm),
        note: `${note}; the same page right after, plan_trip`,
        details: { samples: warm },
      },
      budget,
    ),
  ];
}
