/**
 * Figures: interaction latency with a long session loaded, INP-style. The real app (production build under
 * `vite preview`, connected to the mock) imports an N-leg session file (session-gen.ts) through its own import, then
 * a `provision` conversation is stepped through `runs` times (a different database name each time) and `runs` keys
 * are typed into a requestState textbox holding a 1 MiB token. Each interaction's latency is what the browser's Event
 * Timing API reports for it (PerformanceObserver type 'event', durationThreshold 16, grouped by interactionId: input
 * delay + handlers + the next paint). An interaction the API does not report took under 16 ms and counts as 16.
 * The note also gives, from the same clicks, the time until the outcome is painted (segment-timing.ts), which for
 * Call tool and Send retry includes the server's answer.
 */
import type { Browser, Page } from '@playwright/test';
import { sessionFile } from './figure-timeline.ts';
import { row, type FigureRow } from './report.ts';
import { timed } from './segment-timing.ts';
import { fmt, summarize } from './stats.ts';
import { VIEWPORT } from '../chromium.ts';

const BUDGET_MS = 100;
const THRESHOLD_MS = 16;
const MIB = 1024 * 1024;

/** JavaScript source for the page (tsx's name helpers do not exist there). */
const OBSERVE = `(() => {
  window.__et = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) window.__et.push({ id: e.interactionId, name: e.name, duration: e.duration });
    }
  }).observe({ type: 'event', durationThreshold: ${THRESHOLD_MS}, buffered: true });
})()`;

type Entry = { id: number; name: string; duration: number };

const entryCount = (page: Page) => page.evaluate('window.__et.length') as Promise<number>;

/** Two frames and a task: Event Timing entries of the last interaction are delivered after its paint. */
const settle = (page: Page) =>
  page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 20))))');

/** The longest interaction reported since entry `from` (THRESHOLD_MS when none was: it was faster than that). */
async function latencySince(page: Page, from: number): Promise<number> {
  await settle(page);
  const entries = (await page.evaluate(`window.__et.slice(${from})`)) as Entry[];
  const byId = new Map<number, number>();
  for (const e of entries) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
  return Math.max(THRESHOLD_MS, ...byId.values());
}

const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? NaN;

async function importSession(page: Page, path: string): Promise<string> {
  await page.getByRole('button', { name: 'Import session' }).waitFor();
  await page.getByLabel('Session file to import').setInputFiles(path);
  const message = page.getByLabel(/^Session (message|problem)$/);
  await message.waitFor({ timeout: 180_000 });
  return (await message.textContent()) ?? '';
}

export async function measureInteraction(
  browser: Browser,
  urls: { app: string; mock: string },
  legs: number,
  runs: number,
): Promise<FigureRow[]> {
  const file = sessionFile(legs);
  const et: Record<'call' | 'accept' | 'send' | 'type', number[]> = { call: [], accept: [], send: [], type: [] };
  const outcome: Record<'call' | 'accept' | 'send', number[]> = { call: [], accept: [], send: [] };
  const context = await browser.newContext({ viewport: VIEWPORT });
  let imported = '';
  let typingNote = '';
  try {
    const page = await context.newPage();
    await page.goto(`${urls.app}/?server=${encodeURIComponent(urls.mock)}`);
    imported = await importSession(page, file.path);
    if (!/^Imported/.test(imported)) throw new Error(`the import failed: ${imported}`);
    await page.evaluate(OBSERVE);
    const catalog = page.getByRole('navigation', { name: 'Server catalog' });
    const composer = page.getByRole('region', { name: 'Next request' });
    const region = page.getByRole('group', { name: 'region', exact: true });
    const step = async (kind: 'call' | 'accept' | 'send', text: string, act: () => Promise<void>, fewer = false) => {
      const from = await entryCount(page);
      outcome[kind].push(await timed(page, text, act, fewer));
      et[kind].push(await latencySince(page, from));
    };
    const startProvision = async (name: string) => {
      await catalog.getByRole('button', { name: 'provision', exact: true }).click();
      await page.getByRole('textbox', { name: /Database name/ }).fill(name);
      await step('call', `Which region should ${name} be`, () =>
        page.getByRole('button', { name: 'Call tool' }).click(),
      );
      await region.getByLabel('Region').selectOption('eu-west-1');
      await step(
        'accept',
        'unanswered',
        () => region.getByRole('button', { name: 'Accept', exact: true }).click(),
        true,
      );
    };
    for (let i = 0; i < runs; i++) {
      const name = `orders-${i}`;
      await startProvision(name);
      await step('send', `Provisioned ${name} in eu-west-1`, () =>
        composer.getByRole('button', { name: 'Send retry' }).click(),
      );
    }
    // typing into a requestState of 1 MiB (the composer of one more provision, before its retry)
    await startProvision('orders-typing');
    const state = composer.getByRole('textbox', { name: 'requestState', exact: true });
    await state.fill('A'.repeat(MIB));
    await state.press('End');
    for (let i = 0; i < runs; i++) {
      await settle(page);
      const from = await entryCount(page);
      await page.keyboard.press('B');
      et.type.push(await latencySince(page, from));
    }
    // the keys must have reached the whole value, not only what the box shows (a long state is edited through a window)
    const total = (MIB + runs).toLocaleString('en-US');
    const shown = (await state.inputValue()).length;
    const whole =
      shown === MIB + runs ? total : ((await composer.getByText(/^The box shows characters /).textContent()) ?? '');
    if (!whole.includes(total))
      throw new Error(`after ${runs} keys the requestState is not ${total} characters: ${whole}`);
    typingNote =
      shown < MIB ? `; the box shows a window of ${shown.toLocaleString('en-US')} characters of the ${total}` : '';
  } finally {
    await context.close();
  }

  const n = legs.toLocaleString('en-US');
  const labels = {
    call: 'Call tool -> first input request painted',
    accept: 'Accept -> composer updated',
    send: 'Send retry -> Result painted',
    type: 'typing in a 1 MiB requestState textbox',
  } as const;
  return (Object.keys(labels) as (keyof typeof labels)[]).map((k) => {
    const samples = et[k];
    const p = p95(samples);
    const unreported = samples.filter((v) => v === THRESHOLD_MS).length;
    const out = k === 'type' ? undefined : outcome[k];
    const r = row(
      {
        id: `interaction-${k}`,
        figure: `interaction, ${n}-leg session loaded: ${labels[k]} (Event Timing)`,
        unit: 'ms',
        summary: summarize(samples),
        note:
          `p95 ${fmt(p)} ms over ${samples.length}; ${unreported} under ${THRESHOLD_MS} ms (not reported by the API, counted as ${THRESHOLD_MS})` +
          (out
            ? `; click -> outcome painted ${fmt(summarize(out).median)} ms (${fmt(summarize(out).min)}–${fmt(summarize(out).max)})`
            : '') +
          (k === 'type' ? typingNote : '') +
          `; session imported: ${imported.slice(0, 80)}`,
        details: { samples, p95: p, outcome: out },
      },
      { value: BUDGET_MS, text: `p95 <= ${BUDGET_MS} ms` },
    );
    return { ...r, status: p <= BUDGET_MS ? 'PASS' : 'FAIL' };
  });
}
