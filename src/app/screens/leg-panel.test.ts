import { describe, expect, it } from 'vitest';
import { reduce } from '../../session/reducer.ts';
import { sessionWith } from '../../session/timeline/timeline.fixtures.ts';
import { legPanel } from './leg-panel.ts';

// "never" has two legs (leg-1, leg-2); "slow" is a call started after them
const base = sessionWith([
  { id: 'never', title: 'never_advances', legs: [{}, {}] },
  { id: 'slow', title: 'slow_response', legs: [] },
]);
const slowInFlight = reduce(base, { type: 'leg/sent', conversationId: 'slow', rpcId: 9, at: 5_000 });

describe('legPanel', () => {
  it('shows the leg in flight, not the earlier leg, when a new call was started while that leg was selected', () => {
    expect(legPanel(slowInFlight, 'leg-2', 'slow')).toEqual({
      kind: 'in-flight',
      conversation: slowInFlight.conversations.slow,
      sentAt: 5_000,
    });
    expect(legPanel(slowInFlight, null, 'slow')?.kind).toBe('in-flight');
  });

  it('shows a leg with its own conversation when the selected conversation is another call', () => {
    const panel = legPanel(base, 'leg-2', 'slow');
    expect(panel?.kind).toBe('leg');
    expect(panel?.conversation.title).toBe('never_advances');
  });

  it('shows the picked leg when the user picks a leg of another call while one is in flight', () => {
    const panel = legPanel(slowInFlight, 'leg-1', 'never');
    expect(panel).toMatchObject({ kind: 'leg', leg: { id: 'leg-1' }, conversation: { id: 'never' } });
  });

  it('shows an inherited leg under the branch that lists it when a branch is selected', () => {
    const forked = reduce(base, { type: 'conversation/forked', fromLegId: 'leg-2', id: 'branch', at: 6_000 });
    const panel = legPanel(forked, 'leg-1', 'branch');
    expect(panel).toMatchObject({ kind: 'leg', leg: { id: 'leg-1' }, conversation: { id: 'branch' } });
  });

  it('shows nothing when no leg is selected and nothing is in flight', () => {
    expect(legPanel(base, null, 'slow')).toBeNull();
    expect(legPanel(base, null, null)).toBeNull();
    expect(legPanel(base, 'gone', null)).toBeNull();
  });
});
