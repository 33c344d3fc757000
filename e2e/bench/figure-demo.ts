/**
 * Figure: the demo server in the page (a service worker running the bundled mock's main endpoint).
 * - click "Try the demo server in this page" -> tools listed: a fresh browser context per run (the worker is
 *   registered, started and takes the page over each time), the production build under `vite preview`;
 * - one leg to the demo server ÷ the same leg to the Node mock on loopback (its own process, as `npm start` runs
 *   it): `provision`'s first leg POSTed from the page with `fetch`, the body read, the two targets interleaved.
 */
import type { Browser, Page } from '@playwright/test';
import { VIEWPORT } from '../chromium.ts';
import { startMockProcess } from './mock-process.ts';
import { row, type FigureRow } from './report.ts';
import { summarize } from './stats.ts';

/** Runs in the page (a string, so the bench's TypeScript transform adds no helpers to it). */
const CATALOG_HAS_PROVISION = `[...document.querySelectorAll('nav[aria-label="Server catalog"] button')].some((b) => b.textContent === 'provision')`;

/** In the page: `legs` POSTs of provision's first leg to each URL, interleaved; per-leg ms for each. */
const LEG_TIMES = `async ({ urls, legs }) => {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
    'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  };
  const leg = async (url, id) => {
    const t0 = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/call',
        'Mcp-Name': 'provision',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'provision', arguments: { name: 'orders' }, _meta: meta },
      }),
    });
    const text = await res.text();
    if (!text.includes('input_required')) throw new Error('unexpected answer from ' + url + ': ' + text.slice(0, 200));
    return performance.now() - t0;
  };
  // warm both (JIT, pooled server instances, connections)
  for (let i = 0; i < 20; i++) {
    await leg(urls.demo, i);
    await leg(urls.node, i);
  }
  const demo = [];
  const node = [];
  for (let i = 0; i < legs; i++) {
    demo.push(await leg(urls.demo, i));
    node.push(await leg(urls.node, i));
  }
  return { demo, node };
}`;

async function legTimes(page: Page, urls: { demo: string; node: string }, legs: number) {
  return (await page.evaluate(`(${LEG_TIMES})(${JSON.stringify({ urls, legs })})`)) as {
    demo: number[];
    node: number[];
  };
}

const median = (xs: readonly number[]) => summarize(xs).median;

export async function measureDemo(browser: Browser, appUrl: string, runs: number, legs: number): Promise<FigureRow[]> {
  const clicks: number[] = [];
  const ratios: number[] = [];
  const demoLeg: number[] = [];
  const nodeLeg: number[] = [];
  const mock = await startMockProcess();
  try {
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      try {
        const page = await context.newPage();
        await page.goto(`${appUrl}/`);
        const button = page.getByRole('button', { name: 'Try the demo server in this page' });
        await button.waitFor();
        const clickedAt = (await page.evaluate('performance.now()')) as number;
        await button.click();
        const handle = await page.waitForFunction(CATALOG_HAS_PROVISION, undefined, {
          timeout: 15_000,
          polling: 'raf',
        });
        await handle.dispose();
        const listedAt = (await page.evaluate('performance.now()')) as number;
        const times = await legTimes(page, { demo: `${appUrl}/demo/mcp`, node: mock.mcpUrl }, legs);
        // run 0 warms the OS file cache and the browser; it is not counted
        if (i > 0) {
          clicks.push(listedAt - clickedAt);
          demoLeg.push(median(times.demo));
          nodeLeg.push(median(times.node));
          ratios.push(median(times.demo) / median(times.node));
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await mock.close();
  }
  return [
    row(
      {
        id: 'demo-click-tools-listed',
        figure: 'demo server in the page: click -> tools listed',
        unit: 'ms',
        summary: summarize(clicks),
        note: 'vite preview of the production build, new browser context per run (the worker registers and starts each time), 1 warm-up run not counted',
        details: { samples: clicks },
      },
      { value: 1000, text: '<= 1000 ms' },
    ),
    row(
      {
        id: 'demo-leg-ratio',
        figure: 'a leg to the demo server ÷ the same leg to the Node mock on loopback',
        unit: '×',
        summary: summarize(ratios),
        note: `provision's first leg fetched from the page, ${legs} legs to each per run, interleaved, after 20 warm-up legs each; the Node mock in its own process`,
        details: { ratios },
      },
      { value: 1, text: '<= 1.0' },
    ),
    row({ id: 'demo-leg', figure: 'a leg to the demo server (same runs)', unit: 'ms', summary: summarize(demoLeg) }),
    row({ id: 'demo-node-leg', figure: 'a leg to the Node mock (same runs)', unit: 'ms', summary: summarize(nodeLeg) }),
  ];
}
