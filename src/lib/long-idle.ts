/**
 * Work that may wait for the page to be truly idle: each step runs in an idle period of the browser's longest kind
 * (no frame being drawn: Chrome gives up to 50 ms then, and at most the gap between two frames while something
 * scrolls or animates), one step per period, the next only after the step's promise settles. Evaluating a lazy chunk
 * takes 10-40 ms on a slow machine; run in a frame gap it lands in the middle of a scroll as a late frame.
 * After `giveUpMs` a step runs in the next idle period of any length (the browser's `timeout`), so nothing waits for
 * ever on a page that never rests.
 */
export type IdleWindow = Pick<Window, 'requestIdleCallback' | 'setTimeout'>;

/** An idle period at least this long has no frame in it. */
const LONG_IDLE_MS = 45;

export function runInLongIdle(
  steps: readonly (() => unknown)[],
  win: IdleWindow = window,
  giveUpMs = 30_000,
  now: () => number = Date.now,
): void {
  const giveUpAt = now() + giveUpMs;
  const queue = [...steps];
  const next = (): void => {
    const step = queue.shift();
    if (!step) return;
    const run = () => {
      void Promise.resolve()
        .then(step)
        .catch(() => undefined) // a chunk that fails to load loads again when it is shown, with its own message
        .then(next);
    };
    const ask = (): void => {
      const left = giveUpAt - now();
      if (typeof win.requestIdleCallback !== 'function') return void win.setTimeout(run, 0);
      win.requestIdleCallback(
        (deadline) => (deadline.didTimeout || deadline.timeRemaining() >= LONG_IDLE_MS ? run() : ask()),
        {
          timeout: Math.max(1, left),
        },
      );
    };
    ask();
  };
  next();
}
