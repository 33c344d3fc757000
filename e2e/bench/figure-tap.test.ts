import { describe, expect, it } from 'vitest';
import { roundTripRows } from './figure-tap.ts';

describe("the tap's round-trip rows", () => {
  // 20 blocks of 5 round trips per side: the tap 1.1 × the bare pass-through in the first 10 blocks, 1.2 × after;
  // the fastest round trip of all is the bare side's, the slowest the straight side's (the extremes of each side
  // once made the ratio's range, its minimum above its maximum)
  const n = 100;
  const bare = Array.from({ length: n }, (_, i) => (i === 7 ? 0.01 : 0.1));
  const tap = Array.from({ length: n }, (_, i) => (i < n / 2 ? 0.11 : 0.12));
  const straight = Array.from({ length: n }, (_, i) => (i === 60 ? 9 : 0.05));
  const [extra, ratio] = roundTripRows({ straight, bare, tap }, 'note');

  it('states the ratio of medians, with its range over the blocks (min below max, the median between)', () => {
    expect(ratio!.summary!.median).toBeCloseTo(0.115 / 0.1);
    expect(ratio!.summary!.min).toBeCloseTo(1.1);
    expect(ratio!.summary!.max).toBeCloseTo(1.2);
    expect(ratio!.status).toBe('PASS');
    expect(ratio!.note).toMatch(/in each of the 20 blocks/);
  });

  it('states the difference of medians, with its range over the blocks', () => {
    expect(extra!.summary!.median).toBeCloseTo(0.065);
    expect(extra!.summary!.min).toBeCloseTo(0.06);
    expect(extra!.summary!.max).toBeCloseTo(0.07);
    expect(extra!.summary!.runs).toBe(n);
  });

  it('fails the ratio past 1.15', () => {
    const [, slow] = roundTripRows({ straight, bare, tap: tap.map((t) => t * 1.1) }, 'note');
    expect(slow!.status).toBe('FAIL');
  });
});
