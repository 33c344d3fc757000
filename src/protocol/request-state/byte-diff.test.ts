import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { byteDiff, diffKindAt, diffSummary } from './byte-diff.ts';

const b = (...xs: number[]) => Uint8Array.from(xs);

describe('byteDiff', () => {
  it('coalesces adjacent changed bytes into one range when they differ in place', () => {
    expect(byteDiff(b(1, 2, 3, 4, 5), b(1, 9, 9, 4, 0))).toEqual([
      { kind: 'changed', start: 1, end: 3 },
      { kind: 'changed', start: 4, end: 5 },
    ]);
  });

  it('reports an added tail when the new bytes are longer and a removed tail when shorter', () => {
    expect(byteDiff(b(1, 2), b(1, 2, 3))).toEqual([{ kind: 'added', start: 2, end: 3 }]);
    expect(byteDiff(b(1, 2, 3, 4), b(1))).toEqual([{ kind: 'removed', start: 1, end: 4 }]);
  });

  it('counts exactly the positional differences when summarising', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.uint8Array({ maxLength: 64 }), (x, y) => {
        const ranges = byteDiff(x, y);
        const s = diffSummary(ranges);
        let changed = 0;
        for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) changed++;
        expect(s.changedBytes).toBe(changed);
        expect(s.addedBytes).toBe(Math.max(0, y.length - x.length));
        expect(s.removedBytes).toBe(Math.max(0, x.length - y.length));
        expect(ranges.length === 0).toBe(x.length === y.length && changed === 0);
        for (let i = 0; i < y.length; i++) {
          const kind = diffKindAt(ranges, i);
          const expected = i >= x.length ? 'added' : x[i] !== y[i] ? 'changed' : null;
          expect(kind).toBe(expected);
        }
      }),
    );
  });
});
