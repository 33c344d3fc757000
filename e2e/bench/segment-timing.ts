/**
 * In-page timing of one user action, the same way on any web app: `armSegment(page, text)` remembers how often
 * `text` occurs in the page's text now; the next pointer-down (Playwright's click is a real input event) starts the
 * clock at the event's own timestamp; the clock stops at the end of the first painted frame after the page's text
 * holds one more `text` than before (or one fewer) (a MutationObserver checks after each change; `requestAnimationFrame` then a
 * task marks the frame as painted). `segmentMs(page)` waits for and returns that duration.
 */
import type { Page } from '@playwright/test';

interface SegmentWindow {
  __segmentMs?: number;
}

/** JavaScript source (not a compiled function: tsx's name helpers do not exist in the page). */
const ARM = `({ text, fewer }) => {
  const count = () => {
    const s = document.body.textContent || '';
    let n = 0;
    for (let i = s.indexOf(text); i !== -1; i = s.indexOf(text, i + text.length)) n++;
    return n;
  };
  const base = count();
  delete window.__segmentMs;
  let t0;
  const onDown = (e) => {
    if (t0 === undefined) t0 = e.timeStamp;
    document.removeEventListener('pointerdown', onDown, true);
  };
  document.addEventListener('pointerdown', onDown, true);
  let stopped = false;
  const check = () => {
    if (stopped || t0 === undefined || (fewer ? count() >= base : count() <= base)) return;
    stopped = true;
    observer.disconnect();
    const start = t0;
    requestAnimationFrame(() => setTimeout(() => (window.__segmentMs = performance.now() - start)));
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
}`;

/** `fewer`: stop when the text occurs fewer times than now (e.g. one "unanswered" badge less). */
async function armSegment(page: Page, text: string, fewer = false): Promise<void> {
  await page.evaluate(`(${ARM})(${JSON.stringify({ text, fewer })})`);
}

async function segmentMs(page: Page, timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction(() => (window as unknown as SegmentWindow).__segmentMs, undefined, {
    timeout,
    polling: 50,
  });
  return (await handle.jsonValue()) as number;
}

/** Arms, runs `act` (the click), and returns the measured duration. */
export async function timed(page: Page, text: string, act: () => Promise<void>, fewer = false): Promise<number> {
  await armSegment(page, text, fewer);
  await act();
  return segmentMs(page);
}
