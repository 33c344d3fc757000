import { describe, expect, it, vi } from 'vitest';
import { lintLeg } from '../../protocol/lint/lint-leg.ts';
import { accept, askResult } from '../../protocol/lint/lint-legs.fixtures.ts';
import { filterRows } from './timeline-filter.ts';
import { reduce } from '../reducer.ts';
import { sessionWith } from './timeline.fixtures.ts';
import { timelineRows } from './timeline-rows.ts';

// the real linter, counted
vi.mock('../../protocol/lint/lint-leg.ts', async (real) => {
  const mod = await real<typeof import('../../protocol/lint/lint-leg.ts')>();
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
    expect([row?.rounds, row?.legCount]).toEqual([1, 2]);
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
    expect(rows.map((r) => [r.conversationId, r.target, r.rounds, r.legCount])).toEqual([
      ['c1', 'provision', 1, 2],
      ['c2', 'other', 0, 1],
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

  it('tells two calls of one tool apart by their arguments and start time when both are provision', () => {
    let session = sessionWith([
      { id: 'a', params: { name: 'provision', arguments: { name: 'db17', size: 3 } }, legs: [{}] },
      { id: 'b', params: { name: 'provision', arguments: { name: 'db18' } }, legs: [{}] },
    ]);
    session = reduce(session, {
      type: 'conversation/started',
      kind: 'call',
      id: 'r',
      title: 'file:///a',
      method: 'resources/read',
      params: { uri: 'file:///a' },
      serverUrl: 'http://127.0.0.1:1/mcp',
      capabilities: {},
      at: 1_700_000_000_000,
    });
    const rows = timelineRows(session);
    expect(rows.map((r) => r.args)).toEqual(['name: "db17", size: 3', 'name: "db18"', '']);
    expect(rows[2]?.createdAt).toBe(1_700_000_000_000);
  });

  it('marks since when a leg is in flight and drops the mark when its answer is recorded', () => {
    const before = sessionWith([provision]);
    const sent = reduce(before, { type: 'leg/sent', conversationId: 'c1', rpcId: 99, at: 9_000 });
    const [row] = timelineRows(sent);
    expect(row?.status).toBe('in-flight');
    expect(row?.inFlightSince).toBe(9_000);
    expect([row?.rounds, row?.legCount]).toEqual([1, 2]);
    expect(timelineRows(before)[0]?.inFlightSince).toBeUndefined();
    // a filtered copy keeps the mark, the arguments and the start time
    const [filtered] = filterRows(sent, [row!], { method: '', tool: '', status: 'complete', code: '', text: '' });
    expect(filtered).not.toBe(row);
    expect(filtered?.legs).toHaveLength(1);
    expect([filtered?.inFlightSince, filtered?.args, filtered?.createdAt]).toEqual([9_000, 'name: "orders"', 0]);
  });

  it('rebuilds only the row of the conversation that changed when one call sends a leg', () => {
    const session = sessionWith([provision, { id: 'c2', legs: [{}] }]);
    const [a1, b1] = timelineRows(session);
    const [a2, b2] = timelineRows(reduce(session, { type: 'leg/sent', conversationId: 'c2', rpcId: 7, at: 1 }));
    expect(a2).toBe(a1);
    expect(b2).not.toBe(b1);
    expect(b2?.args).toBe(b1?.args);
  });
});

describe('a leg a tap carried over stdio', () => {
  it('shows no HTTP status: stdio has none, the tap only stands its answer in one', () => {
    const state = sessionWith([{ id: 'c', legs: [{ result: { resultType: 'complete' } }] }]);
    const [legId, leg] = Object.entries(state.legs)[0]!;
    // a new conversation object: rows are cached per conversation
    const overStdio = {
      ...state,
      conversations: { c: { ...state.conversations.c! } },
      legs: {
        [legId]: {
          ...leg,
          exchange: { ...leg.exchange, request: { ...leg.exchange.request, url: 'stdio: node s.js' } },
        },
      },
    };
    expect(timelineRows(state)[0]?.legs[0]?.httpStatus).toBe(200);
    const row = timelineRows(overStdio)[0]?.legs[0];
    expect([row?.httpStatus, row?.overStdio]).toEqual([undefined, true]);
  });
});
