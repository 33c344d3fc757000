/**
 * Figure: navigation start -> "connected and tools listed" (the mock's tool buttons in the "Server catalog"
 * navigation), the production build under `vite preview`, the mock in-process, headless Chromium, a fresh browser
 * context (empty cache) per run.
 */
import type { Browser } from '@playwright/test';
import { startMockServer } from '../../src/node/mock-server/start.ts';
import { row, type FigureRow } from './report.ts';
import { summarize } from './stats.ts';
import { VIEWPORT } from '../chromium.ts';

/** Runs in the page before any app script: stamps the moment the catalog lists the tool. */
const STAMP_TOOLS_LISTED = `(() => {
  // catalog buttons are named by their text
  const listed = () =>
    [...document.querySelectorAll('nav[aria-label="Server catalog"] button')].some((b) => b.textContent === 'provision');
  const check = () => {
    if (window.__toolsListedAt === undefined && listed()) {
      window.__toolsListedAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

export async function measureConnect(browser: Browser, appUrl: string, runs: number): Promise<FigureRow[]> {
  const mock = await startMockServer();
  const samples: number[] = [];
  const fcp: number[] = [];
  try {
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      try {
        const page = await context.newPage();
        await page.addInitScript(STAMP_TOOLS_LISTED);
        await page.goto(`${appUrl}/?server=${encodeURIComponent(mock.mcpUrl)}`);
        const handle = await page.waitForFunction(
          () => (window as unknown as { __toolsListedAt?: number }).__toolsListedAt,
          undefined,
          { timeout: 15_000, polling: 50 },
        );
        const at = (await handle.jsonValue()) as number;
        const paint = await page.evaluate(
          () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
        );
        // run 0 warms the OS file cache and the mock's JIT; it is not counted
        if (i > 0) {
          samples.push(at);
          if (paint >= 0) fcp.push(paint);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await mock.close();
  }
  const rows = [
    row(
      {
        id: 'connect-tools-listed',
        figure: 'navigation -> connected and tools listed',
        unit: 'ms',
        summary: summarize(samples),
        note: 'vite preview of the production build, ?server=<in-process mock>, new browser context (cold cache) per run, 1 warm-up run not counted',
        details: { samples },
      },
      { value: 500, text: '<= 500 ms' },
    ),
  ];
  if (fcp.length) {
    rows.push(
      row({
        id: 'first-contentful-paint',
        figure: 'first contentful paint (same runs)',
        unit: 'ms',
        summary: summarize(fcp),
      }),
    );
  }
  return rows;
}
