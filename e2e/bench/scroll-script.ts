/**
 * Scroll the scroll container of a list from top to bottom, one step per frame, and report frame times. Kept as
 * JavaScript source text so `page.evaluate` can run it in any page (the app's CSP does not apply to it).
 */
export interface ScrollReport {
  frames: number;
  /** largest requestAnimationFrame delta, ms (raw: whole refresh intervals plus timer jitter) */
  maxFrameMs: number;
  /** the refresh interval: the 10th percentile of the deltas (16.7 ms at 60 Hz) */
  vsyncMs: number;
  p95FrameMs: number;
  /** long-animation-frame entries seen while scrolling, and the longest */
  longFrames: number;
  maxLongFrameMs: number;
  /**
   * the three longest long-animation-frame entries and where they fell: the scroll frame they started in (-1: before
   * the first scrolled frame, `frames`: after the last one)
   */
  longFramesAt: { index: number; ms: number }[];
  /** the longest long-animation-frame's scripts (invoker, function, source), when the browser reports them */
  longestFrameScripts: string[];
  /** the three longest frames: their index in the scroll (0 = first frame after the scroll began) and duration */
  worstFrames: { index: number; ms: number }[];
  scrollHeight: number;
  stepPx: number;
}

/** How far a requestAnimationFrame delta strays from a whole number of refresh intervals by timer jitter alone. */
const VSYNC_JITTER_MS = 0.5;

/**
 * A frame's length as a whole number of refresh intervals. rAF timestamps are the start times of frames, so a delta
 * is k intervals plus jitter of a tenth of a ms or two: three intervals read 49.9, 50.0 or 50.1 ms, and the 50.1 is
 * no longer a frame than the 49.9. A delta further than VSYNC_JITTER_MS from a whole number of intervals is kept as it
 * is. (A frame really longer than 50 ms is also measured exactly by its long-animation-frame entry.)
 */
export function snapToVsync(deltaMs: number, vsyncMs: number): number {
  const k = Math.round(deltaMs / vsyncMs);
  return k >= 1 && Math.abs(deltaMs - k * vsyncMs) <= VSYNC_JITTER_MS ? Math.round(k * vsyncMs * 10) / 10 : deltaMs;
}

/** The scroll's longest frame: the longest rAF delta in whole refresh intervals, or the longest LoAF entry. */
export function longestFrameMs(report: Pick<ScrollReport, 'maxFrameMs' | 'vsyncMs' | 'maxLongFrameMs'>): number {
  return Math.max(snapToVsync(report.maxFrameMs, report.vsyncMs), report.maxLongFrameMs);
}

export function scrollThroughExpression(listSelector: string, maxFrames: number): string {
  return `(${SCROLL_THROUGH_JS})(${JSON.stringify(listSelector)}, ${maxFrames})`;
}

const SCROLL_THROUGH_JS = `async (listSelector, maxFrames) => {
  const list = document.querySelector(listSelector);
  if (!list) throw new Error('no ' + listSelector);
  const scrollable = (node) => {
    const style = getComputedStyle(node);
    return /(auto|scroll)/.test(style.overflowY) && node.scrollHeight > node.clientHeight;
  };
  let scroller = null;
  for (let node = list; node && !scroller; node = node.parentElement) if (scrollable(node)) scroller = node;
  scroller = scroller || document.scrollingElement;
  scroller.scrollTop = 0;
  const long = [];
  let observer;
  try {
    observer = new PerformanceObserver((entries) => { for (const e of entries.getEntries()) long.push(e); });
    observer.observe({ type: 'long-animation-frame', buffered: false });
  } catch { observer = undefined; }
  const range = scroller.scrollHeight - scroller.clientHeight;
  const stepPx = Math.max(scroller.clientHeight * 0.75, range / maxFrames);
  const deltas = [];
  const tickTimes = [];
  await new Promise((done) => {
    let last = 0;
    const tick = (now) => {
      deltas.push(now - last);
      tickTimes.push(now);
      last = now;
      if (scroller.scrollTop >= range - 1 || deltas.length > maxFrames + 5) return done();
      scroller.scrollTop = Math.min(range, scroller.scrollTop + stepPx);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => { last = now; tickTimes.push(now); requestAnimationFrame(tick); });
  });
  await new Promise((r) => setTimeout(r, 100));
  if (observer) observer.disconnect();
  const sorted = [...deltas].sort((a, b) => a - b);
  return {
    frames: deltas.length,
    maxFrameMs: sorted[sorted.length - 1] || 0,
    vsyncMs: sorted[Math.floor(sorted.length * 0.1)] || 1000 / 60,
    p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] || 0,
    longFrames: long.length,
    maxLongFrameMs: long.length ? Math.max(...long.map((e) => e.duration)) : 0,
    longFramesAt: [...long]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((e) => ({ index: tickTimes.filter((t) => t <= e.startTime).length - 1, ms: Math.round(e.duration * 10) / 10 })),
    longestFrameScripts: long.length
      ? ([...long].sort((a, b) => b.duration - a.duration)[0].scripts || [])
          .slice(0, 3)
          .map((s) => [s.invoker, s.sourceFunctionName, (s.sourceURL || '').split('/').pop(), Math.round(s.duration) + ' ms'].filter(Boolean).join(' '))
      : [],
    worstFrames: deltas
      .map((ms, index) => ({ index, ms: Math.round(ms * 10) / 10 }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3),
    scrollHeight: scroller.scrollHeight,
    stepPx,
  };
}`;
