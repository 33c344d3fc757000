/**
 * Bench-only page (never part of the app build). Two views:
 *   ?view=app  the real <App> with a real store, connected to `?server=`; a generated session is put into the store
 *              the way an import does (one `session/replaced` event), so the real shell and timeline render it.
 *   ?view=lab  the requestState lab component alone, mounted with a large token.
 * The benchmark drives it through `window.bench` (this page only).
 */
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import './harness.css';
import { App } from '../../../src/app/app.tsx';
import { RequestStateLab } from '../../../src/features/request-state-lab/request-state-lab.tsx';
import type { SessionState } from '../../../src/session/model.ts';
import type { AppDeps } from '../../../src/store/deps-context.tsx';
import { createInspectorStore } from '../../../src/store/inspector-store.ts';
import { generateSession } from '../session-gen.ts';
import { largeToken } from './large-token.ts';

/** Resolves after the next frame has been rendered and painted. */
function afterPaint(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
}

/** After the next paint: when, and what `see` counted just before that frame was drawn. */
function paintedWith(see: () => number): Promise<{ at: number; seen: number }> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const seen = see();
      setTimeout(() => resolve({ at: performance.now(), seen }), 0);
    }),
  );
}

export interface BenchApi {
  view: string;
  /** generate a session of `legs` legs (not timed); returns its shape */
  prepare(legs: number): { legs: number; conversations: number; histogram: number[] };
  /** put the prepared session into the store and wait for the painted timeline: ms */
  importPrepared(): Promise<{ ms: number; listItems: number }>;
  /** mount the lab with a token of `bytes` bytes (optionally one byte edited) and wait for the painted hex view */
  openLab(bytes: number, edited: boolean): Promise<{ ms: number; hexButtons: number }>;
  /** with the lab open: Text tab, then time the switch back to the Bytes tab */
  switchToBytes(): Promise<{ ms: number }>;
}

declare global {
  interface Window {
    bench?: BenchApi;
  }
}

const view = new URLSearchParams(location.search).get('view') ?? 'app';
const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('no #root');
let root: Root = createRoot(rootEl);

const deps: AppDeps = {
  config: {},
  fetchFor: () => (input, init) => fetch(input, init),
  now: () => performance.timeOrigin + performance.now(),
  timeoutMs: 60_000,
};
const store = createInspectorStore(deps);
let prepared: SessionState | null = null;

if (view === 'app') {
  // connected like a real session (the catalog and discovery render); the bench passes its mock's URL
  const server = new URLSearchParams(location.search).get('server');
  if (server) {
    store.getState().setServerUrl(server);
    store.getState().connect(server);
  }
  root.render(
    <StrictMode>
      <App store={store} deps={deps} />
    </StrictMode>,
  );
}

function click(selector: string): void {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) throw new Error(`no element ${selector}`);
  el.click();
}

window.bench = {
  view,
  prepare(legs) {
    const g = generateSession(legs);
    prepared = g.state;
    return { legs: g.legs, conversations: g.conversations, histogram: g.histogram };
  },
  async importPrepared() {
    const state = prepared;
    if (!state) throw new Error('prepare() first');
    prepared = null;
    await afterPaint();
    const t0 = performance.now();
    store.getState().dispatch({ type: 'session/replaced', state });
    // the list follows the import one (deferred) render later: wait for the frame that paints its rows (in the DOM
    // when the frame's animation callbacks run, so in that frame's paint)
    const rows = () =>
      document.querySelectorAll(
        '[aria-label="Timeline"] [role="listitem"], ol[aria-label="Timeline"] > li:not([role="presentation"])',
      ).length;
    let frame = await paintedWith(rows);
    while (frame.seen === 0 && frame.at - t0 < 30_000) frame = await paintedWith(rows);
    const t1 = frame.at;
    const listItems = frame.seen;
    return { ms: t1 - t0, listItems };
  },
  async openLab(bytes, edited) {
    root.unmount();
    root = createRoot(rootEl);
    const original = largeToken(bytes);
    const middle = Math.floor(original.length / 2);
    const value = edited
      ? `${original.slice(0, middle)}${original[middle] === 'A' ? 'B' : 'A'}${original.slice(middle + 1)}`
      : original;
    await afterPaint();
    const t0 = performance.now();
    root.render(
      <StrictMode>
        <RequestStateLab original={original} value={value} otherStates={[]} now={0} onChange={() => {}} />
      </StrictMode>,
    );
    const t1 = await afterPaint();
    const hexButtons = document.querySelectorAll('[aria-label="Hex bytes"] button').length;
    return { ms: t1 - t0, hexButtons };
  },
  async switchToBytes() {
    click('#rs-lab-tab-text');
    await afterPaint();
    const t0 = performance.now();
    click('#rs-lab-tab-bytes');
    const t1 = await afterPaint();
    if (!document.querySelector('[aria-label="Hex bytes"]')) throw new Error('hex view did not render');
    return { ms: t1 - t0 };
  },
};
