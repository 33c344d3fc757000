import { describe, expect, it } from 'vitest';
import { compareMedians } from './stats.ts';

const ratio = (a: number, b: number) => a / b;

describe('two sides compared by their medians', () => {
  it('gives the range of the same comparison over the blocks, so the range holds its median', () => {
    // block 1: a slow first sample on one side and a fast one on the other (the extremes that once made the range
    // the ratio of the two minima and of the two maxima, a minimum above the maximum)
    const a = [3, 1.1, 1.1, /* block 2 */ 1.2, 1.2, 1.2];
    const b = [0.5, 1, 1, /* block 2 */ 1, 1, 4];
    const s = compareMedians(a, b, 2, ratio);
    expect(s.median).toBeCloseTo(1.2);
    expect(s.min).toBeCloseTo(1.1);
    expect(s.max).toBeCloseTo(1.2);
    expect(s.min).toBeLessThanOrEqual(s.median);
    expect(s.median).toBeLessThanOrEqual(s.max);
    expect(s.runs).toBe(6);
  });

  it('compares differences the same way', () => {
    const s = compareMedians([2, 2, 5, 5], [1, 1, 1, 1], 2, (x, y) => x - y);
    expect(s.median).toBeCloseTo(2.5);
    expect([s.min, s.max]).toEqual([1, 4]);
  });

  it('keeps the median inside the range when the blocks all lean one way', () => {
    // each block's ratio is 1, the pooled medians' ratio is not: the range still holds what the row states
    const s = compareMedians([1, 1, 5, 5, 9, 9], [1, 1, 2, 9, 9, 9], 2, ratio);
    expect(s.median).toBeCloseTo(5 / 5.5);
    expect(s.min).toBeLessThanOrEqual(s.median);
    expect(s.median).toBeLessThanOrEqual(s.max);
  });

  it('takes fewer blocks than asked when there are fewer samples, and refuses sides of unequal length', () => {
    expect(compareMedians([2, 4], [1, 1], 20, ratio)).toMatchObject({ median: 3, min: 2, max: 4, runs: 2 });
    expect(() => compareMedians([1, 2], [1], 2, ratio)).toThrow(/unequal/);
  });
});
