import { describe, expect, it } from 'vitest';
import { formatVerdict, judge, type Check, type Justification } from './server-verdict.ts';

const ok = (id: string): Check => ({ id, status: 'SUCCESS' });
const justified: Justification[] = [
  { scenario: 'tools-list', check: 'tools-name-format', status: 'WARNING', reason: 'on purpose' },
];

describe('judge', () => {
  it('passes a scenario whose checks all succeeded', () => {
    const v = judge('caching', [ok('a'), ok('b'), { id: 'i', status: 'INFO' }], []);
    expect(v).toMatchObject({ ok: true, passed: 2, failed: 0, problems: [] });
  });

  it('fails a scenario with a failed check and says which and why', () => {
    const v = judge('caching', [ok('a'), { id: 'b', status: 'FAILURE', errorMessage: 'no\n  ETag' }], []);
    expect(v.ok).toBe(false);
    expect(v.problems).toEqual(['FAILURE b: no ETag']);
  });

  it('fails a scenario with 0 checks when the suite reported only INFO or nothing', () => {
    expect(judge('x', [], []).problems).toEqual(['0 checks: a run that checks nothing proves nothing']);
    expect(judge('x', [{ id: 'i', status: 'INFO' }], []).ok).toBe(false);
  });

  it('fails a scenario the suite wrote no results for', () => {
    expect(judge('x', undefined, []).problems[0]).toMatch(/^no results/);
  });

  it('fails an unjustified warning and accepts a justified one with its reason', () => {
    const warn: Check = { id: 'tools-name-format', status: 'WARNING', errorMessage: 'café_order' };
    const elsewhere = judge('prompts-list', [ok('a'), warn], justified);
    expect(elsewhere.ok).toBe(false);
    expect(elsewhere.problems).toEqual(['WARNING tools-name-format not justified: café_order']);
    const here = judge('tools-list', [ok('a'), warn], justified);
    expect(here).toMatchObject({ ok: true, warnings: 1, notes: ['WARNING tools-name-format (accepted: on purpose)'] });
    expect(here.used).toEqual(justified);
  });

  it('fails a SKIPPED check unless a SKIPPED justification names it', () => {
    const skip: Check = { id: 'tools-name-format', status: 'SKIPPED' };
    expect(judge('tools-list', [ok('a'), skip], justified).ok).toBe(false);
  });

  it('fails a check status it does not know', () => {
    expect(judge('x', [ok('a'), { id: 'b', status: 'MAYBE' }], []).problems).toEqual([
      'unknown check status "MAYBE" for b',
    ]);
  });
});

describe('formatVerdict', () => {
  it('prints status, label, scenario, counts and seconds on one line', () => {
    const line = formatVerdict(judge('caching', [ok('a'), ok('b')], []), '2026-07-28', 0.25, 10);
    expect(line).toBe('PASS  2026-07-28  caching    2/2 checks                       0.3 s');
  });
});
