/**
 * Figures: the page keeps up with a busy stdio host. The real app (production build under `vite preview`, whose
 * inspector plugin opens the tap door) is open in Chromium and follows the hub; a host launches the tap in front of
 * the echo server (stdio-echo-child.ts) and pumps `rate` messages a second through it for `seconds` seconds (half of
 * them its requests, `tools/call`, written on a fixed beat without waiting for answers; half the server's answers).
 * Measured in the page, from the first pumped message until every leg is listed:
 * - how long after its answer passed the tap each leg is listed in the Timeline (its row counted in the list's size,
 *   `aria-setsize`), checked every frame, counted from the host writing the request (the answer passes after it, so
 *   this bounds the time from above); the worst leg is the figure;
 * - the longest frame (requestAnimationFrame deltas in whole refresh intervals, and long-animation-frame entries).
 * "Live" for a user: every leg listed within 1 s of passing the tap, and no frame over 100 ms (the page answers a
 * click at once while the traffic pours in).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { VIEWPORT } from '../chromium.ts';
import { side, tapArgv } from './figure-tap.ts';
import { row, type FigureRow } from './report.ts';
import { snapToVsync } from './scroll-script.ts';
import { previewApp } from './servers.ts';
import { summarize } from './stats.ts';

const LAG_BUDGET_MS = 1_000;
const FRAME_BUDGET_MS = 100;
/** The host writes its requests in this many beats a second. */
const BEATS = 100;
const NAME = 'bench-pump';

/** Runs before the app: every frame, the Timeline's size and the frame's length; and long animation frames. */
const MONITOR = `(() => {
  const w = window;
  w.__sizes = [];
  w.__frames = [];
  w.__long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (w.__measuring)
          w.__long.push({
            ms: e.duration,
            at: performance.timeOrigin + e.startTime,
            scripts: (e.scripts || []).slice(0, 3).map((s) =>
              [s.invoker, s.sourceFunctionName, (s.sourceURL || '').split('/').pop(), Math.round(s.duration) + ' ms']
                .filter(Boolean).join(' ')),
          });
    })
      .observe({ type: 'long-animation-frame' });
  } catch {}
  let last = 0;
  let size = -1;
  const tick = (now) => {
    if (last && w.__measuring) w.__frames.push(now - last);
    last = now;
    const item = document.querySelector('[aria-label="Timeline"] > [role="listitem"]');
    const n = item ? Number(item.getAttribute('aria-setsize')) : 0;
    if (n !== size) {
      size = n;
      w.__sizes.push([performance.timeOrigin + performance.now(), n]);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

type Sizes = [at: number, size: number][];

const wallNow = () => performance.timeOrigin + performance.now();
const timelineSize = (page: Page) =>
  page.evaluate(
    `Number(document.querySelector('[aria-label="Timeline"] > [role="listitem"]')?.getAttribute('aria-setsize') ?? 0)`,
  ) as Promise<number>;

/** Wait until `check` holds, polling every 50 ms, for at most `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The Timeline's size once it has not changed for 300 ms (every leg told so far is listed). */
async function settledSize(page: Page): Promise<number> {
  let size = await timelineSize(page);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = await timelineSize(page);
    if (now === size) return size;
    size = now;
  }
}

export async function measureTapLive(
  browser: Browser,
  appOutDir: string,
  opts: { rate: number; seconds: number },
): Promise<FigureRow[]> {
  // an inspector of the bench's own: its tap secret in a directory of the bench's own
  const dir = mkdtempSync(join(tmpdir(), 'mrtr-bench-tap-'));
  const before = process.env.MRTR_INSPECTOR_RUNTIME_DIR;
  process.env.MRTR_INSPECTOR_RUNTIME_DIR = dir;
  const app = await previewApp(appOutDir).finally(() => {
    if (before === undefined) delete process.env.MRTR_INSPECTOR_RUNTIME_DIR;
    else process.env.MRTR_INSPECTOR_RUNTIME_DIR = before;
  });
  const host = side(tapArgv(app.url, ['--name', NAME]), { ...process.env, MRTR_INSPECTOR_RUNTIME_DIR: dir });
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.addInitScript(MONITOR);
    let id = 0;
    const call = () =>
      host.trip(
        `{"jsonrpc":"2.0","id":${++id},"method":"tools/call","params":{"name":"pump","arguments":{"n":${id}}}}`,
      );
    // the tap is connected (its first call has passed) before the page loads: the page follows the hub at once
    await call();
    await page.goto(`${app.url}/`);
    await page.getByRole('listitem', { name: `tap of ${NAME}` }).waitFor({ timeout: 30_000 });
    // warm: a few legs listed (the watched model's chunk loaded), then the Timeline's size per leg from ten more
    for (let i = 0; i < 10; i++) await call();
    await until(async () => (await timelineSize(page)) > 0, 30_000, 'the first legs in the Timeline');
    const warm = await settledSize(page);
    for (let i = 0; i < 10; i++) await call();
    await until(async () => (await timelineSize(page)) > warm, 10_000, 'ten more legs');
    const start = await settledSize(page);
    const perLeg = (start - warm) / 10;
    if (perLeg <= 0) throw new Error('the Timeline did not grow with the legs');

    // the pump: `rate / 2` requests a second on a fixed beat, the server answering each
    await page.evaluate('window.__measuring = true; window.__frames = []; window.__long = []');

    const calls = Math.round((opts.rate / 2) * opts.seconds);
    // when the host wrote each request, and when it read the answer: the answer passed the tap in between
    const wrote: number[] = [];
    const answered: number[] = [];
    const perBeat = opts.rate / 2 / BEATS;
    const t0 = performance.now();
    const pumpStart = wallNow();
    const trips: Promise<void>[] = [];
    for (let k = 0, written = 0; written < calls; k++) {
      const due = Math.min(calls, Math.round((k + 1) * perBeat));
      for (; written < due; written++) {
        const n = written;
        wrote[n] = wallNow();
        trips.push(call().then(() => void (answered[n] = wallNow())));
      }
      const next = t0 + ((k + 1) * 1000) / BEATS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
    const pumpedMs = performance.now() - t0;
    await Promise.all(trips);
    const last = start + calls * perLeg;
    await until(async () => (await timelineSize(page)) >= last, 60_000, 'every pumped leg in the Timeline');
    await page.evaluate('window.__measuring = false');

    const { sizes, frames, long } = (await page.evaluate('({ sizes: __sizes, frames: __frames, long: __long })')) as {
      sizes: Sizes;
      frames: number[];
      long: { ms: number; at: number; scripts: string[] }[];
    };

    // leg n is listed at the first frame whose Timeline holds it
    const lags: number[] = [];
    const fromRead: number[] = [];
    let s = 0;
    for (let n = 0; n < calls; n++) {
      const needed = start + (n + 1) * perLeg;
      while (s < sizes.length && sizes[s]![1] < needed) s++;
      lags.push(sizes[s]![0] - wrote[n]!);
      fromRead.push(sizes[s]![0] - answered[n]!);
    }
    const lag = summarize(lags);
    const sorted = [...frames].sort((a, b) => a - b);
    const vsync = sorted[Math.floor(sorted.length * 0.1)] ?? 1000 / 60;
    const worstLong = [...long].sort((a, b) => b.ms - a.ms)[0];
    const longest = Math.max(snapToVsync(sorted.at(-1) ?? 0, vsync), worstLong?.ms ?? 0);
    const p = (q: number) => [...lags].sort((a, b) => a - b)[Math.floor(q * (lags.length - 1))]!;
    const how = `${calls} tools/call legs (${calls * 2} messages) pumped in ${(pumpedMs / 1000).toFixed(1)} s through the tap (${((calls * 2) / (pumpedMs / 1000)).toFixed(0)} messages/s), the page following the hub in Chromium (${perLeg} Timeline rows a leg)`;
    return [
      row(
        {
          id: 'tap-live',
          figure: 'a leg listed in the Timeline after its answer passed the tap, 1,000 messages/s (worst leg)',
          unit: 'ms',
          summary: lag,
          note: `${how}; from the host writing the request (its answer passes the tap after it: an upper bound of the time since it passed): median ${lag.median.toFixed(0)} ms, p95 ${p(0.95).toFixed(0)} ms, worst ${lag.max.toFixed(0)} ms, the budget on the worst leg; from the host reading the answer (later than it passed, the host shares its process with the hub): median ${summarize(fromRead).median.toFixed(0)} ms, worst ${summarize(fromRead).max.toFixed(0)} ms`,
        },
        { value: LAG_BUDGET_MS, text: `<= ${LAG_BUDGET_MS} ms (every leg)`, on: 'worst' },
      ),
      row(
        {
          id: 'tap-live',
          figure: 'the longest frame while the page follows 1,000 messages/s through the tap',
          unit: 'ms',
          summary: { median: longest, min: longest, max: longest, runs: 1 },
          note: `${how}; ${frames.length} frames, ${long.length} long-animation-frame entries${worstLong ? ` (the longest ${worstLong.ms.toFixed(0)} ms, ${((worstLong.at - pumpStart) / 1000).toFixed(1)} s after the pump began: ${worstLong.scripts.join('; ') || 'no script named'})` : ''}; rAF deltas in whole refresh intervals (${vsync.toFixed(1)} ms)`,
        },
        { value: FRAME_BUDGET_MS, text: `<= ${FRAME_BUDGET_MS} ms`, on: 'worst' },
      ),
    ];
  } finally {
    await context.close();
    await host.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
