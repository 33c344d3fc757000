import { describe, expect, it } from 'vitest';
import { compareChoices, fileRuns, splitList, runOutcomes, sessionRuns } from './compare-runs.ts';
import { recordingsFromSession } from './recordings.ts';
import { testSession } from './session.fixtures.ts';

describe('the runs Compare runs offers', () => {
  it('lists every conversation that sent a leg, saying which is a fork, when the session has several', () => {
    const runs = sessionRuns(testSession());
    expect(runs.map((r) => [r.id, r.label, r.outcomes.map((o) => o.kind)])).toEqual([
      ['session:c1', '#1 provision (live, 2 rounds)', ['input_required', 'complete']],
      ['session:c3', '#2 provision · branch 1 from round 2 (fork, 1 round)', ['input_required']],
      ['session:c2', '#3 slow_job (live, 1 round)', ['transport']],
    ]);
  });

  it('lists the recorded conversations of an imported file under its name', () => {
    const runs = fileRuns(recordingsFromSession(testSession()), 'old.json');
    expect(runs.map((r) => [r.id, r.label, r.name])).toEqual([
      ['file:0', 'provision (from old.json, 2 rounds)', 'provision'],
      ['file:1', 'slow_job (from old.json, 1 round)', 'slow_job'],
    ]);
  });
});

describe('compareChoices', () => {
  it('finds a session run the same as its own recording when nothing changed', () => {
    const [live] = sessionRuns(testSession());
    const [recorded] = fileRuns(recordingsFromSession(testSession()), 'old.json');
    const result = compareChoices(recorded!, live!);
    expect(result.same).toBe(true);
    expect(result.warning).toBeUndefined();
    expect(result.rounds).toHaveLength(2);
  });

  it('reports the round a shorter run did not reach and warns when the calls differ', () => {
    const [c1, fork, c2] = sessionRuns(testSession());
    const shorter = compareChoices(c1!, fork!);
    expect(shorter.same).toBe(false);
    expect(shorter.rounds[1]!.differences).toEqual([{ field: 'round', recorded: 'complete', live: '(not reached)' }]);
    const other = compareChoices(c1!, c2!);
    expect(other.warning).toMatch(/different calls \(tools\/call provision and tools\/call slow_job\)/);
    expect(other.rounds[0]!.differences[0]).toEqual({
      field: 'result type',
      recorded: 'input_required',
      live: 'transport',
    });
  });

  it('ignores the named volatile fields when an ignore list is given', () => {
    const s = testSession();
    const [c1] = sessionRuns(s);
    const changed = { ...c1!, outcomes: runOutcomes(s, 'c1').map((o) => structuredClone(o)) };
    const last = changed.outcomes[1]!;
    if (last.kind === 'complete') last.result.content = [{ type: 'text', text: 'Provisioned at 10:02' }];
    expect(compareChoices(c1!, changed).same).toBe(false);
    expect(compareChoices(c1!, changed, splitList('content.0.text, inputRequests.*.params.url')).same).toBe(true);
  });
});

describe('splitList', () => {
  it('splits on commas and spaces and drops blanks', () => {
    expect(splitList(' content.0.text,, a.*.b  c ')).toEqual(['content.0.text', 'a.*.b', 'c']);
    expect(splitList('')).toEqual([]);
  });
});
