/**
 * Figures: large payloads in the real app (production build under `vite preview`, connected to the mock). For a 5 MB
 * tool result (`large_result`, application/json) and a 32 MB SSE answer (`large_stream` with a log level: ~490 log
 * events of 64 KiB, then the result), each run measures in a fresh page:
 *   - Call tool -> Result painted: from the click's pointer-down to the first painted frame after the Result region
 *     holds the answer (the cut text's "Show all" button, or the stream's summary);
 *   - open the leg in the timeline: after a small call (`test_simple_text`) has taken the selection, a click on the
 *     large leg's row, to the frame painted with its Leg inspector; then the Raw body view (and, for the stream, the
 *     SSE events tab);
 *   - Export session and Export HAR: from the click to the download starting;
 *   - the longest frame over all of that: long-animation-frame entries and requestAnimationFrame gaps (budget: none
 *     over 100 ms);
 *   - the page's JS heap after a forced GC (CDP Runtime.getHeapUsage), with the payload recorded.
 */
import type { Browser, Page } from '@playwright/test';
import { heapMb } from './browser.ts';
import { row, type FigureRow } from './report.ts';
import { fmt, summarize } from './stats.ts';
import { VIEWPORT } from '../chromium.ts';

const FRAME_BUDGET_MS = 100;

/** Runs before the app: long animation frames and rAF gaps over 20 ms, with their start times. */
const OBSERVE_FRAMES = `(() => {
  window.__frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const scripts = (e.scripts || []).slice(0, 2).map((s) =>
          [s.invoker, s.sourceFunctionName, (s.sourceURL || '').split('/').pop(), Math.round(s.duration) + ' ms'].filter(Boolean).join(' '));
        window.__frames.push({ at: e.startTime, ms: e.duration, kind: 'LoAF', scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  let last = 0;
  const tick = (now) => {
    if (last && now - last > 20) window.__frames.push({ at: last, ms: now - last, kind: 'rAF', scripts: [] });
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** Arms a wait for `selector` to contain `text`; resolves (window.__paintedAt) after the next painted frame. */
const ARM = `({ selector, text }) => {
  delete window.__paintedAt;
  window.__downAt = undefined;
  document.addEventListener('pointerdown', (e) => { window.__downAt ??= e.timeStamp; }, { capture: true, once: true });
  const holds = () => (document.querySelector(selector)?.textContent ?? '').includes(text);
  const done = () => requestAnimationFrame(() => setTimeout(() => (window.__paintedAt = performance.now())));
  const observer = new MutationObserver(() => {
    if (window.__downAt === undefined || !holds()) return;
    observer.disconnect();
    done();
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
}`;

interface Frame {
  at: number;
  ms: number;
  kind: string;
  scripts: string[];
}

type PhaseName = 'call' | 'leg' | 'raw' | 'events' | 'export' | 'har';

interface Phase {
  name: PhaseName;
  ms: number;
  from: number;
  to: number;
}

const now = (page: Page) => page.evaluate('performance.now()') as Promise<number>;
const quiet = (page: Page, ms: number) => page.evaluate(`new Promise((r) => setTimeout(r, ${ms}))`);

/** Click (via `act`) and time until `selector` holds `text` and a frame is painted. */
async function timedUntil(page: Page, selector: string, text: string, act: () => Promise<void>, timeout = 180_000) {
  await page.evaluate(`(${ARM})(${JSON.stringify({ selector, text })})`);
  await act();
  await page.waitForFunction('window.__paintedAt !== undefined', undefined, { timeout, polling: 50 });
  const [down, painted] = (await page.evaluate('[window.__downAt, window.__paintedAt]')) as [number, number];
  return { from: down, to: painted, ms: painted - down };
}

/** Click (via `act`) and time until the download starts. */
async function timedDownload(page: Page, act: () => Promise<void>) {
  const from = await now(page);
  const downloading = page.waitForEvent('download', { timeout: 180_000 });
  await act();
  const download = await downloading;
  const to = await now(page);
  await download.cancel().catch(() => undefined);
  return { from, to, ms: to - from };
}

interface Payload {
  id: 'result' | 'stream';
  tool: 'large_result' | 'large_stream';
  bytes: number;
  label: string;
  /** what the Result holds once the answer is painted */
  painted: string;
}

const PAYLOADS = (smoke: boolean): Payload[] => {
  const result = smoke ? 1_000_000 : 5_000_000;
  const stream = smoke ? 4_000_000 : 32_000_000;
  return [
    {
      id: 'result',
      tool: 'large_result',
      bytes: result,
      label: `${result / 1e6} MB tool result`,
      painted: `Show all ${result.toLocaleString('en-US')} characters`,
    },
    {
      id: 'stream',
      tool: 'large_stream',
      bytes: stream,
      label: `${stream / 1e6} MB SSE stream`,
      painted: `Streamed ${stream.toLocaleString('en-US')} bytes`,
    },
  ];
};

interface RunReport {
  phases: Phase[];
  frames: Frame[];
  heap: number;
}

async function runOnce(browser: Browser, urls: { app: string; mock: string }, p: Payload): Promise<RunReport> {
  const context = await browser.newContext({ viewport: VIEWPORT, acceptDownloads: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_FRAMES);
    await page.goto(`${urls.app}/?server=${encodeURIComponent(urls.mock)}`);
    const catalog = page.getByRole('navigation', { name: 'Server catalog' });
    const tool = (name: string) => catalog.getByRole('button', { name, exact: true });
    await tool(p.tool).click();
    await page.getByRole('spinbutton', { name: 'Size in bytes' }).fill(String(p.bytes));
    if (p.tool === 'large_stream') {
      await page.getByRole('button', { name: /Request options/ }).click();
      await page.getByRole('combobox', { name: 'Log level' }).selectOption('info');
    }
    await quiet(page, 300);
    const phases: Phase[] = [];
    const call = await timedUntil(page, '[aria-label="Result"]', p.painted, () =>
      page.getByRole('button', { name: 'Call tool' }).click(),
    );
    phases.push({ name: 'call', ...call });
    await quiet(page, 500);

    // a small call takes the selection, then the large leg is opened again from the timeline
    await tool('test_simple_text').click();
    await page.getByRole('button', { name: 'Call tool' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('This is a simple text response').waitFor();
    await quiet(page, 300);
    const legButton = page
      .getByRole('list', { name: 'Timeline' })
      .getByRole('button', { name: new RegExp(`^Round 1 tools/call ${p.tool}`) });
    const leg = await timedUntil(page, '[aria-label="Leg inspector"]', p.tool, () => legButton.click());
    phases.push({ name: 'leg', ...leg });
    await quiet(page, 300);
    const inspector = page.getByRole('region', { name: 'Leg inspector' });
    const raw = await timedUntil(page, '[aria-label="Leg inspector"] pre[aria-label="Response body"]', 'Show all', () =>
      inspector.getByRole('checkbox', { name: 'Raw' }).check(),
    );
    phases.push({ name: 'raw', ...raw });
    await quiet(page, 300);
    if (p.tool === 'large_stream') {
      const events = await timedUntil(page, '[aria-label="SSE events"]', '+', () =>
        inspector.getByRole('tab', { name: /^SSE events/ }).click(),
      );
      phases.push({ name: 'events', ...events });
      await quiet(page, 300);
    }
    const toolbar = page.getByRole('region', { name: 'Session', exact: true });
    const exported = await timedDownload(page, () =>
      toolbar.getByRole('button', { name: 'Export session', exact: true }).click(),
    );
    phases.push({ name: 'export', ...exported });
    await quiet(page, 500);
    const har = await timedDownload(page, () =>
      toolbar.getByRole('button', { name: 'Export HAR', exact: true }).click(),
    );
    phases.push({ name: 'har', ...har });
    await quiet(page, 500);
    const frames = (await page.evaluate('window.__frames')) as Frame[];
    return { phases, frames, heap: await heapMb(page) };
  } finally {
    await context.close();
  }
}

/** The longest frame that started in [from - 50 ms, to + 500 ms] (the frame the click landed in, the settling after). */
function longestIn(frames: readonly Frame[], from: number, to: number): Frame | undefined {
  return frames
    .filter((f) => f.at >= from - 50 && f.at <= to + 500)
    .reduce<Frame | undefined>((a, f) => (!a || f.ms > a.ms ? f : a), undefined);
}

const LABELS: Record<PhaseName, string> = {
  call: 'call',
  leg: 'open leg',
  raw: 'raw body',
  events: 'SSE events tab',
  export: 'export session',
  har: 'export HAR',
};

export async function measureLarge(
  browser: Browser,
  urls: { app: string; mock: string },
  runs: number,
  smoke: boolean,
): Promise<FigureRow[]> {
  const rows: FigureRow[] = [];
  for (const p of PAYLOADS(smoke)) {
    const reports: RunReport[] = [];
    for (let r = 0; r < runs; r++) reports.push(await runOnce(browser, urls, p));
    const phase = (name: PhaseName) => reports.map((rep) => rep.phases.find((ph) => ph.name === name)?.ms ?? NaN);
    // per run: the longest frame of each phase, and of the whole run
    const perPhase = reports.map((rep) =>
      rep.phases.map((ph) => ({ name: ph.name, frame: longestIn(rep.frames, ph.from, ph.to) })),
    );
    const worst = perPhase.map((list) => Math.max(16.7, ...list.map((x) => x.frame?.ms ?? 0)));
    const worstRun = worst.indexOf(Math.max(...worst));
    const breakdown = (perPhase[worstRun] ?? [])
      .map((x) => `${LABELS[x.name]} ${x.frame ? `${fmt(x.frame.ms)} ms (${x.frame.kind})` : '< 20 ms'}`)
      .join(', ');
    const culprit = (perPhase[worstRun] ?? [])
      .map((x) => x.frame)
      .filter((f): f is Frame => !!f)
      .sort((a, b) => b.ms - a.ms)[0];
    const scripts = culprit?.scripts.length ? `; its scripts: ${culprit.scripts.join(' | ')}` : '';
    const median = (xs: number[]) => fmt(summarize(xs).median);
    rows.push(
      row({
        id: `large-${p.id}-call`,
        figure: `${p.label}: Call tool -> Result painted`,
        unit: 'ms',
        summary: summarize(phase('call')),
        note: `${p.tool} {bytes: ${p.bytes}}${p.tool === 'large_stream' ? ' with log level info (log events of 64 KiB)' : ''}, recorded and shown cut with "Show all"`,
      }),
      row({
        id: `large-${p.id}-leg`,
        figure: `${p.label}: open its leg in the timeline -> Leg inspector painted`,
        unit: 'ms',
        summary: summarize(phase('leg')),
        note:
          `after another call took the selection; then Raw body view ${median(phase('raw'))} ms` +
          (p.tool === 'large_stream' ? `, SSE events tab ${median(phase('events'))} ms` : ''),
      }),
      row({
        id: `large-${p.id}-export`,
        figure: `${p.label}: Export session -> download started`,
        unit: 'ms',
        summary: summarize(phase('export')),
        note: `Export HAR -> download started ${median(phase('har'))} ms`,
      }),
      row(
        {
          id: `large-${p.id}-frame`,
          figure: `${p.label}: longest frame (call, leg, raw, export)`,
          unit: 'ms',
          summary: summarize(worst),
          note: `long animation frames and rAF gaps over 20 ms; worst run by phase: ${breakdown}${scripts}`,
        },
        { value: FRAME_BUDGET_MS, text: `no frame > ${FRAME_BUDGET_MS} ms`, on: 'worst' },
      ),
      row({
        id: `large-${p.id}-heap`,
        figure: `${p.label}: page JS heap after (forced GC)`,
        unit: 'MB',
        summary: summarize(reports.map((rep) => rep.heap)),
        note: 'CDP Runtime.getHeapUsage with the payload recorded (plus a small call), after both exports',
      }),
    );
  }
  return rows;
}
