/** Small statistics and formatting helpers for the benchmark. */

export interface Summary {
  median: number;
  min: number;
  max: number;
  /** how many samples the summary is over */
  runs: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('summarize: no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0, runs: sorted.length };
}

/**
 * Two sides measured in the same blocks (`a[i]` and `b[i]` in the same block, the blocks one after another, of equal
 * size), compared by their medians: `combine(median a, median b)`, a ratio or a difference. Its range is the same
 * comparison made in each block alone (and over all), so the min and max say how far the very figure the median
 * states moved while it was measured (the ratio of the two sides' fastest samples and of their slowest is no range of
 * a ratio of medians: it can even put its minimum above its maximum).
 */
export function compareMedians(
  a: readonly number[],
  b: readonly number[],
  blocks: number,
  combine: (a: number, b: number) => number,
): Summary {
  if (a.length !== b.length) throw new Error('compareMedians: sides of unequal length');
  const median = combine(summarize(a).median, summarize(b).median);
  const n = Math.max(1, Math.min(blocks, a.length));
  const size = Math.floor(a.length / n);
  const each = [median];
  for (let k = 0; k < n; k++) {
    const end = k === n - 1 ? a.length : (k + 1) * size;
    each.push(combine(summarize(a.slice(k * size, end)).median, summarize(b.slice(k * size, end)).median));
  }
  return { median, min: Math.min(...each), max: Math.max(...each), runs: a.length };
}

/** A number with sensible precision for a table cell. */
export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  if (abs >= 1000) return Math.round(n).toLocaleString('en-US');
  if (abs >= 100) return n.toFixed(0);
  if (abs >= 10) return n.toFixed(1);
  if (abs >= 1) return n.toFixed(2);
  return n.toFixed(3);
}

export const KB = 1000;
export const MB = 1000 * 1000;
