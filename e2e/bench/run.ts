/**
 * `npm run bench` [-- --smoke] [-- --only=<id,...>] [-- --out=<path>]
 *
 * `--only` picks rows by id (entry, connect, demo, first-question, official, wire, reducer, timeline, interaction, large,
 * hex, mock, proxy, tap, tap-live); e.g.
 * `npm run bench -- --only=first-question --out=bench-results/first-question.json` measures one figure.
 *
 * Measures the performance figures the README quotes on this machine, prints a table (Markdown) and writes JSON to
 * bench-results/latest.json (or bench-results/smoke.json with --smoke). See e2e/bench/README.md for each figure.
 * Exit code: 0 when every budgeted figure passes or was not measured, 1 when one fails, 2 when the run crashed.
 * --smoke: small counts, no download of the official inspector (uses the cache if there is one), < 60 s.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { launchChromium } from './browser.ts';
import { measureConnect } from './figure-connect.ts';
import { measureDemo } from './figure-demo.ts';
import { measureEntryJs } from './figure-entry-js.ts';
import { measureFirstQuestion } from './figure-first-question.ts';
import { measureHex } from './figure-hex.ts';
import { measureInteraction } from './figure-interaction.ts';
import { measureLarge } from './figure-large.ts';
import { measureMock } from './figure-mock.ts';
import { measureOfficial } from './figure-official.ts';
import { measureProxy } from './figure-proxy.ts';
import { measureTap } from './figure-tap.ts';
import { measureTapLive } from './figure-tap-live.ts';
import { measureReducer } from './figure-reducer.ts';
import { measureTimeline } from './figure-timeline.ts';
import { measureWire } from './figure-wire.ts';
import { startMockServer } from '../../src/node/mock-server/start.ts';
import { startMockProcess } from './mock-process.ts';
import { mergeRows, notMeasured, renderTable, writeJson, type FigureRow, type RunPart } from './report.ts';
import { buildAndServeHarness, buildApp, previewApp, REPO_ROOT, type Served } from './servers.ts';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
// --merge: keep the other rows of the results file and replace only the ones measured now (with --only)
const merge = args.includes('--merge');
// `--only=a,b` or `--only a,b`
const onlyAt = args.indexOf('--only');
const only = (
  args.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? (onlyAt >= 0 ? args[onlyAt + 1] : undefined)
)?.split(',');
const out =
  args.find((a) => a.startsWith('--out='))?.slice('--out='.length) ??
  join(REPO_ROOT, 'bench-results', smoke ? 'smoke.json' : 'latest.json');

/** Counts per mode: the full run follows the issue; smoke keeps the same shape, smaller. */
const N = smoke
  ? {
      connectRuns: 2,
      demoRuns: 2,
      demoLegs: 20,
      questionRuns: 2,
      wireLegs: 100,
      reducerLegs: 1_000,
      reducerRuns: 3,
      foldRuns: 1,
      timelineLegs: 1_000,
      timelineRuns: 1,
      hexRuns: 2,
      mockConversations: 100,
      mockRuns: 1,
      officialRuns: 1,
      officialHeapCalls: 10,
      interactionLegs: 1_000,
      interactionRuns: 3,
      largeRuns: 1,
      proxy: { legs: 100, sseEvents: 50, sseStreams: 2, conversations: 100 },
      tapTrips: 200,
      tapLive: { rate: 1_000, seconds: 2 },
    }
  : {
      connectRuns: 10,
      demoRuns: 5,
      demoLegs: 200,
      questionRuns: 10,
      wireLegs: 1_000,
      reducerLegs: 10_000,
      reducerRuns: 10,
      foldRuns: 1,
      timelineLegs: 10_000,
      timelineRuns: 3,
      hexRuns: 5,
      mockConversations: 2_000,
      mockRuns: 5,
      officialRuns: 5,
      officialHeapCalls: 100,
      interactionLegs: 10_000,
      interactionRuns: 20,
      largeRuns: 3,
      proxy: { legs: 1_000, sseEvents: 200, sseStreams: 10, conversations: 1_000 },
      tapTrips: 1_000,
      tapLive: { rate: 1_000, seconds: 5 },
    };

const wanted = (id: string) => !only || only.includes(id);
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

async function step(rows: FigureRow[], id: string, label: string, fn: () => Promise<FigureRow[]> | FigureRow[]) {
  if (!wanted(id)) return;
  const t0 = performance.now();
  log(`${label}…`);
  try {
    rows.push(...(await fn()));
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    rows.push(notMeasured(id, label, `the measurement crashed: ${why}`));
  }
  log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s, load average ${load()}`);
}

/** The 1-minute load average, to print beside every figure: on a shared machine absolute times follow it. */
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

async function main(): Promise<number> {
  const started = performance.now();
  const loadAtStart = load();
  const rows: FigureRow[] = [];
  let browser: Browser | undefined;
  let app: Served | undefined;
  let harness: Served | undefined;
  let appOutDir = '';
  try {
    const needApp =
      wanted('entry') ||
      wanted('connect') ||
      wanted('first-question') ||
      wanted('timeline') ||
      wanted('official') ||
      wanted('interaction') ||
      wanted('large') ||
      wanted('demo') ||
      wanted('tap-live');
    const needHarness = wanted('timeline') || wanted('hex');
    if (needApp) appOutDir = await buildApp();
    const needBrowser = ['connect', 'first-question', 'official', 'interaction', 'large', 'demo', 'tap-live'].some(
      wanted,
    );
    if (needBrowser || needHarness) browser = await launchChromium();

    await step(rows, 'entry', 'entry JS', () => measureEntryJs(appOutDir, !smoke));
    await step(rows, 'connect', 'navigation -> tools listed', async () => {
      app ??= await previewApp(appOutDir);
      return measureConnect(browser as Browser, app.url, N.connectRuns);
    });
    await step(rows, 'demo', 'the demo server in the page', async () => {
      app ??= await previewApp(appOutDir);
      return measureDemo(browser as Browser, app.url, N.demoRuns, N.demoLegs);
    });
    await step(rows, 'first-question', 'Call -> first question painted', async () => {
      app ??= await previewApp(appOutDir);
      return measureFirstQuestion(browser as Browser, app.url, N.questionRuns);
    });
    await step(rows, 'official', 'side by side with the official inspector', async () => {
      app ??= await previewApp(appOutDir);
      const counts = { runs: N.officialRuns, heapCalls: N.officialHeapCalls, allowDownload: !smoke };
      return measureOfficial(browser as Browser, app.url, counts);
    });
    await step(rows, 'wire', 'wire overhead per leg', async () => {
      const mock = await startMockProcess();
      try {
        return await measureWire(mock, N.wireLegs);
      } finally {
        await mock.close();
      }
    });
    await step(rows, 'reducer', 'session reducer', () => measureReducer(N.reducerLegs, N.reducerRuns, N.foldRuns));
    if (needHarness) harness = await buildAndServeHarness();
    await step(rows, 'timeline', 'timeline + page heap', async () => {
      app ??= await previewApp(appOutDir);
      const mock = await startMockServer();
      try {
        const urls = { app: app.url, harness: (harness as Served).url, mock: mock.mcpUrl };
        return await measureTimeline(browser as Browser, urls, N.timelineLegs, N.timelineRuns);
      } finally {
        await mock.close();
      }
    });
    await step(rows, 'interaction', 'interaction latency with a long session', async () => {
      app ??= await previewApp(appOutDir);
      const mock = await startMockServer();
      try {
        const urls = { app: app.url, mock: mock.mcpUrl };
        return await measureInteraction(browser as Browser, urls, N.interactionLegs, N.interactionRuns);
      } finally {
        await mock.close();
      }
    });
    await step(rows, 'large', 'large payloads (5 MB result, 32 MB stream)', async () => {
      app ??= await previewApp(appOutDir);
      const mock = await startMockServer();
      try {
        return await measureLarge(browser as Browser, { app: app.url, mock: mock.mcpUrl }, N.largeRuns, smoke);
      } finally {
        await mock.close();
      }
    });
    await step(rows, 'hex', 'requestState lab hex view', () =>
      measureHex(browser as Browser, (harness as Served).url, N.hexRuns),
    );
    await step(rows, 'mock', 'mock server throughput', () => measureMock(N.mockConversations, N.mockRuns));
    await step(rows, 'proxy', 'the proxy between a client and its server', () => measureProxy(N.proxy));
    await step(rows, 'tap', 'the stdio tap between a host and its server', () => measureTap(N.tapTrips));
    await step(rows, 'tap-live', 'the page following a tap at 1,000 messages/s', () =>
      measureTapLive(browser as Browser, appOutDir, N.tapLive),
    );
  } finally {
    await browser?.close();
    await (app as Served | undefined)?.close();
    await (harness as Served | undefined)?.close();
    if (appOutDir) rmSync(appOutDir, { recursive: true, force: true });
  }

  const seconds = (performance.now() - started) / 1000;
  const loadAverage = `load average ${loadAtStart} at the start, ${load()} at the end (1 min, ${cpus().length} cores)`;
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${loadAverage}`;
  process.stdout.write(
    `\nMRTR Inspector benchmark${smoke ? ' (smoke: small counts)' : ''} on ${machine}, ${seconds.toFixed(0)} s\n\n`,
  );
  process.stdout.write(`${renderTable(rows)}\n`);
  const date = new Date().toISOString();
  let json: Record<string, unknown> = { date, smoke, machine, loadAverage, seconds, counts: N, rows };
  if (merge && existsSync(out)) {
    const previous = JSON.parse(readFileSync(out, 'utf8')) as {
      rows: FigureRow[];
      parts?: RunPart[];
      date: string;
      loadAverage?: string;
    };
    const part: RunPart = { date, loadAverage, ids: rows.map((r) => r.id) };
    const earlier = previous.parts ?? [
      {
        date: previous.date,
        loadAverage: previous.loadAverage ?? '',
        ids: previous.rows.map((r) => r.id),
      },
    ];
    json = { ...json, ...mergeRows({ rows: previous.rows, parts: earlier }, rows, part, only ?? []) };
  }
  writeJson(out, json);
  process.stdout.write(`\nJSON: ${out}\n`);
  return rows.some((r) => r.status === 'FAIL') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`bench crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(2);
  },
);
