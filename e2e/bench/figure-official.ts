/**
 * Figures: this app side by side with the official MCP Inspector (its npm package, started with its own launcher
 * and web server: official-server.ts), against the same mock, in the same Chromium, in the same run. Runs alternate
 * ours/theirs, theirs/ours; each run is a fresh browser context; run 0 is a warm-up. Each figure is reported as
 * ours / theirs (median of ours over median of theirs; min-max are the per-run-pair ratios), with both absolute
 * medians in the note. The journeys are in side-by-side-drivers.ts.
 */
import type { Browser, Page } from '@playwright/test';
import { startMockServer } from '../../src/node/mock-server/start.ts';
import { heapMb } from './browser.ts';
import { installOfficial, nodeTooOld, startOfficial } from './official-server.ts';
import { notMeasured, row, type FigureRow } from './report.ts';
import { ourDriver, theirDriver, type Driver } from './side-by-side-drivers.ts';
import { fmt, summarize, type Summary } from './stats.ts';
import { VIEWPORT } from '../chromium.ts';

export interface OfficialCounts {
  runs: number;
  heapCalls: number;
  allowDownload: boolean;
}

type Sample = { list: number; provision: number; rolling: number };
const FIGURES = {
  list: { label: 'side by side: navigation -> tools listed', budget: 0.5 },
  provision: { label: 'side by side: provision end to end (machine time)', budget: 0.5 },
  rolling: { label: 'side by side: 3-round call rolling_upgrade (machine time)', budget: 0.5 },
} as const;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function journey(browser: Browser, driver: Driver): Promise<Sample> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const list = await driver.openAndList(page);
    const provision = sum(await driver.provision(page));
    const rolling = sum(await driver.rollingUpgrade(page));
    return { list, provision, rolling };
  } finally {
    await context.close();
  }
}

async function heapAfterCalls(browser: Browser, driver: Driver, calls: number): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page: Page = await context.newPage();
    await driver.openAndList(page);
    for (let i = 0; i < calls; i++) await driver.simpleCall(page, i);
    return await heapMb(page);
  } finally {
    await context.close();
  }
}

function ratioRow(
  id: string,
  label: string,
  budget: number,
  ours: number[],
  theirs: number[],
  unit: string,
  version: string,
): FigureRow {
  const o: Summary = summarize(ours);
  const t: Summary = summarize(theirs);
  const pairs = ours.map((v, i) => v / (theirs[i] ?? NaN)).filter(Number.isFinite);
  const p = pairs.length ? summarize(pairs) : { min: NaN, max: NaN, runs: 0 };
  return row(
    {
      id,
      figure: label,
      unit: '×',
      summary: { median: o.median / t.median, min: p.min, max: p.max, runs: p.runs },
      note:
        `ours / official ${version}: ours ${fmt(o.median)} ${unit} (${fmt(o.min)}–${fmt(o.max)}), ` +
        `theirs ${fmt(t.median)} ${unit} (${fmt(t.min)}–${fmt(t.max)}), n=${o.runs}`,
      details: { ours, theirs },
    },
    { value: budget, text: `<= ${budget}` },
  );
}

export async function measureOfficial(browser: Browser, appUrl: string, counts: OfficialCounts): Promise<FigureRow[]> {
  const ids = ['side-list', 'side-provision', 'side-rolling', 'side-heap'];
  const labels = [FIGURES.list.label, FIGURES.provision.label, FIGURES.rolling.label, 'side by side: page JS heap'];
  const skipAll = (why: string) => ids.map((id, i) => notMeasured(id, labels[i] ?? id, why));
  const old = nodeTooOld();
  if (old) return skipAll(`the official inspector cannot start here: ${old}`);
  const installed = installOfficial(counts.allowDownload);
  if ('why' in installed) return skipAll(installed.why);

  const mock = await startMockServer();
  try {
    const official = await startOfficial(installed.launcher, installed.version, mock.mcpUrl);
    try {
      const ours = ourDriver(appUrl, mock.mcpUrl);
      const theirs = theirDriver(official.url);
      const samples: Record<'ours' | 'theirs', Sample[]> = { ours: [], theirs: [] };
      for (let r = 0; r < counts.runs + 1; r++) {
        const order = r % 2 === 0 ? [ours, theirs] : [theirs, ours];
        for (const driver of order) {
          const s = await journey(browser, driver);
          if (r > 0) samples[driver.name].push(s); // run 0 warms both servers and the browser
        }
      }
      const pick = (side: 'ours' | 'theirs', k: keyof Sample) => samples[side].map((s) => s[k]);
      const v = installed.version;
      const rows = (Object.keys(FIGURES) as (keyof Sample)[]).map((k, i) =>
        ratioRow(ids[i] ?? k, FIGURES[k].label, FIGURES[k].budget, pick('ours', k), pick('theirs', k), 'ms', v),
      );
      const heapOurs = await heapAfterCalls(browser, ours, counts.heapCalls);
      const heapTheirs = await heapAfterCalls(browser, theirs, counts.heapCalls);
      rows.push(
        row(
          {
            id: 'side-heap',
            figure: `side by side: page JS heap after ${counts.heapCalls} calls`,
            unit: '×',
            summary: { median: heapOurs / heapTheirs, min: heapOurs / heapTheirs, max: heapOurs / heapTheirs, runs: 1 },
            note:
              `ours / official ${v}: ours ${fmt(heapOurs)} MB, theirs ${fmt(heapTheirs)} MB ` +
              `(${counts.heapCalls} × greet, each with its own name, then CDP HeapProfiler.collectGarbage and Runtime.getHeapUsage)`,
            details: { heapOurs, heapTheirs },
          },
          { value: 1, text: '<= 1.0' },
        ),
      );
      const how =
        'each step timed in the page from the click to the painted frame showing its outcome; answering is not timed. ' +
        'Ours: Call tool, Accept, Run to completion per round; theirs: Execute Tool, then Submit in its input_required ' +
        'dialog, which retries the request itself (its MRTR loop). Theirs does not connect on load: the bench flips its ' +
        'server switch and opens Tools as soon as each appears (two Playwright clicks inside its figure).';
      rows[0] = { ...(rows[0] as FigureRow), note: `${rows[0]?.note ?? ''}; ${how}` };
      return rows;
    } finally {
      await official.close();
    }
  } finally {
    await mock.close();
  }
}
