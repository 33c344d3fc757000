import { describe, expect, it } from 'vitest';
import { END, replaceBetweenMarkers, resultsSection, START } from './readme-table.ts';

const json = {
  date: '2026-11-24T22:00:00.000Z',
  smoke: false,
  machine: '2 × cpu, 8 GiB, Node v22, load average 20.1 at the start, 18.3 at the end (1 min, 2 cores)',
  seconds: 95,
  rows: [
    {
      id: 'x',
      figure: 'longest frame',
      unit: 'ms',
      summary: { median: 33.4, min: 16.8, max: 50.1, runs: 3 },
      budget: 'no frame > 50 ms',
      status: 'FAIL' as const,
      note: 'three runs',
    },
  ],
};

describe('bench README table', () => {
  it('replaces only the block between the markers when regenerating from a results file', () => {
    const readme = `intro\n${START}\nold table\n${END}\noutro\n`;
    const out = replaceBetweenMarkers(readme, resultsSection(json));
    expect(out.startsWith(`intro\n${START}\n`)).toBe(true);
    expect(out.endsWith(`${END}\noutro\n`)).toBe(true);
    expect(out).not.toContain('old table');
    expect(out).toContain('33.4 ms (16.8–50.1, n=3)');
    expect(out).toContain('load average 20.1');
    expect(out).toContain('| FAIL');
  });

  it('says which markers are missing when the README has none', () => {
    expect(() => replaceBetweenMarkers('no block', 'x')).toThrow(START);
  });
});
