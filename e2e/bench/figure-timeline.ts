/**
 * Figures for a long session (N legs from session-gen.ts), in headless Chromium:
 *
 * In the real app (production build under `vite preview`, connected to the mock), through its own import: the
 * generated session is written as a session file and given to the "Session file to import" input. Measured there:
 *   - import -> painted (report): from the input's change event to the first frame painted after the "Imported …"
 *     message: file read, JSON parse, schema validation, merge, render;
 *   - a scroll through the timeline's scroll container, one step per frame: the longest frame (rAF deltas and
 *     long-animation-frame entries), while autosave and everything else the app does runs as usual;
 *   - the page's JS heap after a forced GC (CDP Runtime.getHeapUsage).
 * On the bench harness page (real App + store, no file): first paint after the session enters the store (one
 * `session/replaced` event, what the import dispatches): the render cost alone, without the file parsing.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { toSessionFile } from '../../src/session/io/session-file.ts';
import type { BenchApi } from './harness/main.tsx';
import { longestFrameMs, scrollThroughExpression, type ScrollReport } from './scroll-script.ts';
import { heapMb } from './browser.ts';
import { row, type FigureRow } from './report.ts';
import { generateSession } from './session-gen.ts';
import { MB, summarize } from './stats.ts';
import { VIEWPORT } from '../chromium.ts';

type BenchWindow = { bench: BenchApi };

/** CPU slowdown of the busy-machine scroll (CDP Emulation.setCPUThrottlingRate). */
const THROTTLE = 2;
type Stamps = { __importStart?: number; __importPainted?: number };

/** Runs before the app: stamps the file input's change and the first painted frame after the import message. */
const STAMP_IMPORT = `(() => {
  document.addEventListener('change', (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type === 'file') window.__importStart = performance.now();
  }, true);
  const observer = new MutationObserver(() => {
    if (window.__importStart === undefined || window.__importSeen) return;
    const msg = document.querySelector('[aria-label="Session message"], [aria-label="Session problem"]');
    if (!msg) return;
    window.__importSeen = true;
    window.__importMessage = msg.textContent;
    requestAnimationFrame(() => setTimeout(() => { window.__importPainted = performance.now(); }, 0));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** True once the Timeline list is taller than the viewport (its rows rendered). */
const LIST_FILLED = `(document.querySelector('[aria-label="Timeline"]')?.getBoundingClientRect().height ?? 0) > ${VIEWPORT.height}`;

export function sessionFile(legs: number): { path: string; bytes: number; conversations: number } {
  const g = generateSession(legs);
  // compact JSON: the app's own export pretty-prints, which is about twice the size
  const text = JSON.stringify(toSessionFile(g.state, { redacted: false, now: Date.now() }));
  const path = join(tmpdir(), `mrtr-bench-session-${legs}.json`);
  writeFileSync(path, text);
  return { path, bytes: Buffer.byteLength(text), conversations: g.conversations };
}

export async function measureTimeline(
  browser: Browser,
  urls: { app: string; harness: string; mock: string },
  legs: number,
  runs: number,
): Promise<FigureRow[]> {
  const n = legs.toLocaleString('en-US');
  const file = sessionFile(legs);
  const importMs: number[] = [];
  const maxFrame: number[] = [];
  const heap: number[] = [];
  const emptyHeap: number[] = [];
  let scroll: ScrollReport | undefined;
  let slow: ScrollReport | undefined;
  const slowMaxFrame: number[] = [];
  const slowWorst: string[] = [];
  const worst: string[] = [];
  let message = '';
  const server = `?server=${encodeURIComponent(urls.mock)}`;

  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      const page = await context.newPage();
      await page.addInitScript(STAMP_IMPORT);
      await page.goto(`${urls.app}/${server}`);
      await page.getByRole('button', { name: 'Import session' }).waitFor();
      emptyHeap.push(await heapMb(page));
      await page.getByLabel('Session file to import').setInputFiles(file.path);
      const painted = await page.waitForFunction(() => (window as Stamps).__importPainted, undefined, {
        timeout: 120_000,
        polling: 50,
      });
      const start = await page.evaluate(() => (window as Stamps).__importStart ?? NaN);
      importMs.push(((await painted.jsonValue()) as number) - start);
      message = await page.evaluate(() => String((window as { __importMessage?: string }).__importMessage ?? ''));
      // the list follows the import one (deferred) render later: scroll it once its rows are there, or the scroll
      // measures an empty box (1 frame over 1,000 px)
      await page.waitForFunction(LIST_FILLED, undefined, { timeout: 60_000, polling: 50 });
      scroll = (await page.evaluate(scrollThroughExpression('[aria-label="Timeline"]', 300))) as ScrollReport;
      maxFrame.push(longestFrameMs(scroll));
      const loaf = scroll.longFramesAt.map((f) => `#${f.index} ${f.ms}`).join(', ');
      worst.push(scroll.worstFrames.map((f) => `#${f.index} ${f.ms}`).join(', ') + (loaf ? `; LoAF ${loaf}` : ''));
      // the same scroll with the CPU slowed to half speed (a busy machine): the busy-machine budget
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      try {
        slow = (await page.evaluate(scrollThroughExpression('[aria-label="Timeline"]', 300))) as ScrollReport;
      } finally {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await cdp.detach();
      }
      slowMaxFrame.push(longestFrameMs(slow));
      const slowLoaf = slow.longFramesAt.map((f) => `#${f.index} ${f.ms}`).join(', ');
      slowWorst.push(
        slow.worstFrames.map((f) => `#${f.index} ${f.ms}`).join(', ') + (slowLoaf ? `; LoAF ${slowLoaf}` : ''),
      );
      heap.push(await heapMb(page));
    } finally {
      await context.close();
    }
  }

  const firstPaint: number[] = [];
  let listItems = 0;
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      const page = await context.newPage();
      await page.goto(`${urls.harness}/?view=app&${server.slice(1)}`);
      await page.waitForFunction(() => (window as unknown as Partial<BenchWindow>).bench !== undefined);
      await page.getByRole('button', { name: 'Import session' }).waitFor();
      await page.evaluate((count) => (window as unknown as BenchWindow).bench.prepare(count), legs);
      const imported = await page.evaluate(() => (window as unknown as BenchWindow).bench.importPrepared());
      firstPaint.push(imported.ms);
      listItems = imported.listItems;
    } finally {
      await context.close();
    }
  }

  const imported = /^Imported/.test(message);
  return [
    row(
      {
        id: 'timeline-first-paint',
        figure: `timeline with ${n} legs: first paint after import`,
        unit: 'ms',
        summary: summarize(firstPaint),
        note: `bench harness (real App + store): from the session/replaced dispatch to the first painted frame with the list's rows in it, file parsing excluded (see next row); ${listItems} list rows (headers and legs) in that frame`,
      },
      { value: 300, text: '<= 300 ms' },
    ),
    imported
      ? row({
          id: 'timeline-import-file',
          figure: `import a ${n}-leg session file in the app, to painted`,
          unit: 'ms',
          summary: summarize(importMs),
          note: `${(file.bytes / MB).toFixed(1)} MB compact JSON, ${file.conversations} conversations, "Session file to import" input; read + parse + validate + merge + render`,
        })
      : row({
          id: 'timeline-import-file',
          figure: `import a ${n}-leg session file in the app`,
          unit: 'ms',
          note: `not measured: the app did not import it: "${message.slice(0, 200)}"`,
        }),
    row(
      {
        id: 'timeline-scroll-max-frame',
        figure: `timeline with ${n} legs: longest frame while scrolling through`,
        unit: 'ms',
        summary: summarize(maxFrame),
        note: scroll
          ? `real app after the file import; ${scroll.frames} frames, ${Math.round(scroll.stepPx)} px per frame over ${scroll.scrollHeight} px; p95 frame ${scroll.p95FrameMs.toFixed(1)} ms; longest frames per run (frame index, ms; LoAF = long-animation-frame entries, #-1 = before the first scrolled frame): ${worst.join(' | ')}; ${scroll.longFrames} long-animation-frame entries (last run)${scroll.longestFrameScripts.length ? `, longest one ran: ${scroll.longestFrameScripts.join('; ')}` : ''}; every run must pass`
          : undefined,
      },
      { value: 50, text: 'no frame > 50 ms', on: 'worst' },
    ),
    row(
      {
        id: 'timeline-scroll-max-frame-throttled',
        figure: `timeline with ${n} legs: longest frame while scrolling, CPU throttled ${THROTTLE}x`,
        unit: 'ms',
        summary: slowMaxFrame.length ? summarize(slowMaxFrame) : undefined,
        note: slow
          ? `busy machine: the same page, right after the scroll above, scrolled through again with CDP Emulation.setCPUThrottlingRate ${THROTTLE} (every script, style, layout and paint step takes twice as long; autosave of the import may still be under way); ${slow.frames} frames; p95 frame ${slow.p95FrameMs.toFixed(1)} ms; longest frames per run: ${slowWorst.join(' | ')}; every run must pass`
          : undefined,
      },
      { value: 50, text: `no frame > 50 ms at ${THROTTLE}x`, on: 'worst' },
    ),
    row(
      {
        id: 'page-heap',
        figure: `page JS heap after ${n} legs`,
        unit: 'MB',
        summary: summarize(heap),
        note: `real app after the file import, forced GC, CDP Runtime.getHeapUsage; before the import ${summarize(emptyHeap).median.toFixed(1)} MB`,
      },
      { value: 150, text: '<= 150 MB' },
    ),
  ];
}
