import { describe, expect, it } from 'vitest';
import { resultsSection } from './readme-table.ts';
import { mergeRows, type FigureRow } from './report.ts';

const r = (id: string, median: number): FigureRow => ({
  id,
  figure: id,
  unit: 'ms',
  summary: { median, min: median, max: median, runs: 1 },
  status: 'REPORT',
});

describe('merging a partial bench run into the results', () => {
  it('replaces rows with the same id, keeps the others in order and appends new ids when merging', () => {
    const previous = { rows: [r('a', 1), r('b', 2), r('c', 3)] };
    const part = { date: '2026-11-25T00:00:00.000Z', loadAverage: 'load average 9', ids: ['b', 'd'] };
    const merged = mergeRows(previous, [r('b', 20), r('d', 40)], part);
    expect(merged.rows.map((x) => [x.id, x.summary?.median])).toEqual([
      ['a', 1],
      ['b', 20],
      ['c', 3],
      ['d', 40],
    ]);
    expect(merged.parts).toEqual([part]);
  });

  it('moves a re-measured row out of the earlier run it was listed under when merging again', () => {
    const earlier = { date: '2026-11-24T22:00:00.000Z', loadAverage: 'load average 5', ids: ['a', 'b'] };
    const part = { date: '2026-11-25T00:00:00.000Z', loadAverage: 'load average 9', ids: ['b'] };
    const merged = mergeRows({ rows: [r('a', 1), r('b', 2)], parts: [earlier] }, [r('b', 3)], part);
    expect(merged.parts).toEqual([{ ...earlier, ids: ['a'] }, part]);
    const section = resultsSection({ date: part.date, smoke: false, machine: 'm', seconds: 1, ...merged });
    expect(section).toContain('2026-11-24 22:00 UTC, load average 5: a');
    expect(section).toContain('2026-11-25 00:00 UTC, load average 9: b');
  });
});
