/**
 * Positional byte diff: byte i of `a` is compared with byte i of `b` (no alignment search). This matches the hex grid,
 * where offsets stay put, and costs O(n) for a 1 MiB token. An insertion in the middle therefore shows as one
 * `changed` range up to the end of the shorter token plus an `added` tail.
 */

export interface DiffRange {
  /** `changed`: same offsets in both; `added`: only in b (b's offsets); `removed`: only in a (a's offsets). */
  kind: 'changed' | 'added' | 'removed';
  /** Half-open [start, end). */
  start: number;
  end: number;
}

export interface DiffSummary {
  changedBytes: number;
  addedBytes: number;
  removedBytes: number;
  rangeCount: number;
}

export function byteDiff(a: Uint8Array, b: Uint8Array): DiffRange[] {
  const ranges: DiffRange[] = [];
  const common = Math.min(a.length, b.length);
  let start = -1;
  for (let i = 0; i < common; i++) {
    if (a[i] !== b[i]) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      ranges.push({ kind: 'changed', start, end: i });
      start = -1;
    }
  }
  if (start >= 0) ranges.push({ kind: 'changed', start, end: common });
  if (b.length > common) ranges.push({ kind: 'added', start: common, end: b.length });
  if (a.length > common) ranges.push({ kind: 'removed', start: common, end: a.length });
  return ranges;
}

export function diffSummary(ranges: readonly DiffRange[]): DiffSummary {
  const summary: DiffSummary = { changedBytes: 0, addedBytes: 0, removedBytes: 0, rangeCount: ranges.length };
  for (const r of ranges) {
    const n = r.end - r.start;
    if (r.kind === 'changed') summary.changedBytes += n;
    else if (r.kind === 'added') summary.addedBytes += n;
    else summary.removedBytes += n;
  }
  return summary;
}

/**
 * The kind of difference at offset `index` of the NEW bytes (`changed`, `added`) or null. Binary search over the
 * sorted ranges returned by `byteDiff`, so checking the visible bytes costs O(visible * log ranges).
 */
export function diffKindAt(ranges: readonly DiffRange[], index: number): 'changed' | 'added' | null {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid];
    if (!r) break;
    if (r.kind === 'removed' || index >= r.end) lo = mid + 1;
    else if (index < r.start) hi = mid - 1;
    else return r.kind;
  }
  return null;
}
