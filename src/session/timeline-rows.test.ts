import { describe, expect, it, vi } from 'vitest';
import { lintLeg } from '../protocol/lint/lint-leg.ts';
import { accept, askResult } from '../protocol/lint/test-legs.ts';
import { filterRows } from './timeline-filter.ts';
import { sessionWith } from './timeline-fixtures.ts';
import { timelineRows } from './timeline-rows.ts';

// the real linter, counted
vi.mock('../protocol/lint/lint-leg.ts', async (real) => {
  const mod = await real<typeof import('../protocol/lint/lint-leg.ts')>();
  return { ...mod, lintLeg: vi.fn(mod.lintLeg) };
});

const provision = {
  id: 'c1',
  legs: [
    { startedAt: 1000, durationMs: 40, result: askResult(['region'], 'S1') },
    {
      startedAt: 5040,
      durationMs: 60,
      requestState: 'S1',
      inputResponses: { region: accept('eu') },
      result: { resultType: 'complete', content: [{ type: 'text', text: 'done' }] },
    },
  ],
};

describe('timelineRows', () => {
  it('groups legs under their conversation with rounds, think time and totals when a call has two legs', () => {
    const [row] = timelineRows(sessionWith([provision]));
    expect(row?.rounds).toBe(2);
    expect(row?.legs.map((l) => l.round)).toEqual([1, 2]);
    expect(row?.legs[0]?.asked).toEqual(['region']);
    expect(row?.legs[1]?.answered).toEqual(['region']);
    expect(row?.legs[1]?.thinkMs).toBe(4000);
    expect(row?.totalMs).toBe(4100);
    expect(row?.serverMs).toBe(100);
    expect(row?.thinkMs).toBe(4000);
    expect(row?.finalOutcome).toBe('complete');
    expect(row?.status).toBe('complete');
  });

  it('keeps conversations apart and in start order when two calls run', () => {
    const rows = timelineRows(
      sessionWith([provision, { id: 'c2', params: { name: 'other' }, legs: [{ result: { resultType: 'complete' } }] }]),
    );
    expect(rows.map((r) => [r.conversationId, r.target, r.rounds])).toEqual([
      ['c1', 'provision', 2],
      ['c2', 'other', 1],
    ]);
  });

  it('marks state size and whether it changed when rounds hand out states', () => {
    const rows = timelineRows(
      sessionWith([
        {
          id: 'c',
          legs: [
            { result: askResult(['q'], 'AAAA') },
            { requestState: 'AAAA', inputResponses: { q: accept('1') }, result: askResult(['q'], 'AAAA') },
            { requestState: 'AAAA', inputResponses: { q: accept('2') }, result: askResult(['q'], 'BBBBBB') },
          ],
        },
      ]),
    );
    const legs = rows[0]?.legs ?? [];
    expect(legs.map((l) => [l.stateSize, l.stateChanged])).toEqual([
      [4, true],
      [4, false],
      [6, true],
    ]);
  });

  it('counts lint findings per leg and per conversation when a leg breaks a rule', () => {
    const [row] = timelineRows(
      sessionWith([
        {
          id: 'c',
          legs: [{ result: askResult(['q'], 'S') }, { requestState: 'other', inputResponses: { q: accept('1') } }],
        },
      ]),
    );
    expect(row?.legs[0]?.lint).toEqual({ error: 0, warning: 0, info: 0 });
    expect(row?.legs[1]?.lintRules).toContain('client/echo-request-state');
    expect(row?.lint.error).toBeGreaterThanOrEqual(1);
  });

  it('lints a leg only when its row is read, once, when rows are built for a long session', () => {
    const session = sessionWith([
      provision,
      {
        id: 'c2',
        legs: [{ result: askResult(['q'], 'S') }, { requestState: 'x', inputResponses: { q: accept('1') } }],
      },
    ]);
    vi.mocked(lintLeg).mockClear();
    const rows = timelineRows(session);
    expect(lintLeg).not.toHaveBeenCalled();
    expect(rows[1]?.legs[1]?.lintRules).toContain('client/echo-request-state');
    expect(rows[1]?.legs[1]?.lint.error).toBeGreaterThanOrEqual(1);
    expect(lintLeg).toHaveBeenCalledTimes(1);
    // a filtered row still counts the findings of its whole conversation
    const [filtered] = filterRows(session, rows, { method: '', tool: '', status: 'lint', code: '', text: '' });
    expect(filtered?.conversationId).toBe('c2');
    expect(filtered?.lint).toEqual(rows[1]?.lint);
  });
});
