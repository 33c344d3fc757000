/**
 * Figure: the requestState lab with a 1 MiB token, on the bench harness page (the lab component alone, production
 * build): mount to painted hex view (the lab opens on its Bytes tab), the same with one byte edited (the byte diff
 * runs too), and switching from the Text tab back to Bytes.
 */
import type { Browser } from '@playwright/test';
import type { BenchApi } from './harness/main.tsx';
import { row, type FigureRow } from './report.ts';
import { summarize } from './stats.ts';
import { VIEWPORT } from '../chromium.ts';

type BenchWindow = { bench: BenchApi };
const MIB = 1024 * 1024;

export async function measureHex(browser: Browser, harnessUrl: string, runs: number): Promise<FigureRow[]> {
  const open: number[] = [];
  const edited: number[] = [];
  const tab: number[] = [];
  let buttons = 0;
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${harnessUrl}/?view=lab`);
    await page.waitForFunction(() => (window as unknown as Partial<BenchWindow>).bench !== undefined);
    // one warm-up, not counted
    await page.evaluate((n) => (window as unknown as BenchWindow).bench.openLab(n, false), MIB);
    for (let i = 0; i < runs; i++) {
      const o = await page.evaluate((n) => (window as unknown as BenchWindow).bench.openLab(n, false), MIB);
      open.push(o.ms);
      buttons = o.hexButtons;
      tab.push((await page.evaluate(() => (window as unknown as BenchWindow).bench.switchToBytes())).ms);
      edited.push((await page.evaluate((n) => (window as unknown as BenchWindow).bench.openLab(n, true), MIB)).ms);
    }
  } finally {
    await context.close();
  }
  const budget = { value: 150, text: '<= 150 ms' };
  return [
    row(
      {
        id: 'hex-open',
        figure: 'requestState lab, 1 MiB token: open the hex view',
        unit: 'ms',
        summary: summarize(open),
        note: `mount of the lab component (opens on Bytes) to painted; ${buttons} byte buttons on the first page`,
      },
      budget,
    ),
    row(
      {
        id: 'hex-open-edited',
        figure: 'requestState lab, 1 MiB token, one byte edited: open',
        unit: 'ms',
        summary: summarize(edited),
        note: 'as above, plus the byte diff against the original and the tamper banner',
      },
      budget,
    ),
    row(
      {
        id: 'hex-tab-switch',
        figure: 'requestState lab, 1 MiB token: Text -> Bytes tab',
        unit: 'ms',
        summary: summarize(tab),
      },
      budget,
    ),
  ];
}
