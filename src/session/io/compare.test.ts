import { describe, expect, it } from 'vitest';
import { reduce } from '../reducer.ts';
import { emptySession, type SessionState } from '../model.ts';
import { comparableRuns, compareRuns, recordedAnswers } from './compare.ts';
import { mergeSessions } from './merge.ts';
import { testSession } from './session.fixtures.ts';

/** the recording imported, plus a live re-run of c1 that has had its first leg answered by the server */
function withRerun(): SessionState {
  const imported = mergeSessions(emptySession, testSession(), { source: 'file', name: 'f', at: 0 }, (p) => `${p}-x`);
  let s = imported.session;
  s = reduce(s, {
    type: 'conversation/started',
    kind: 'call',
    id: 'live',
    title: 'provision (re-run)',
    method: 'tools/call',
    params: { arguments: { name: 'orders' }, name: 'provision' },
    serverUrl: 'http://x/mcp',
    capabilities: {},
    at: 1,
  });
  const firstLeg = s.legs['leg-1']!;
  s = reduce(s, {
    type: 'leg/recorded',
    conversationId: 'live',
    legId: 'live-1',
    rpcId: s.conversations.live!.draft!.rpcId,
    exchange: {
      ...firstLeg.exchange,
      message: { ...(firstLeg.exchange.message as object), id: s.conversations.live!.draft!.rpcId },
    },
    sent: { ...firstLeg.sent },
  });
  return s;
}

describe('comparing a recording with a re-run', () => {
  it('finds the recording when a live conversation makes the same call', () => {
    const s = withRerun();
    expect(comparableRuns(s, 'live').map((c) => c.id)).toEqual(['c1']);
    expect(comparableRuns(s, 'c1').map((c) => c.id)).toEqual(['live']);
  });

  it('finds nothing to compare when neither side is a recording', () => {
    expect(comparableRuns(testSession(), 'c1')).toEqual([]);
  });

  it('lines up rounds and marks where the runs differ', () => {
    const rows = compareRuns(withRerun(), 'c1', 'live');
    expect(rows.map((r) => [r.round, r.recorded?.kind, r.live?.kind, r.differences.length === 0])).toEqual([
      [1, 'input_required', 'input_required', true],
      [2, 'complete', undefined, false],
    ]);
    expect(rows[1]!.differences).toEqual([{ field: 'round', recorded: 'complete', live: '(not reached)' }]);
  });

  it('offers the recorded answers for the keys the live server asks again', () => {
    expect(recordedAnswers(withRerun(), 'c1', 'live')).toEqual({
      region: { action: 'accept', content: { region: 'eu-west-1' } },
    });
  });
});
