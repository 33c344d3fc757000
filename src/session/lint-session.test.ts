import { describe, expect, it } from 'vitest';
import { accept, askResult } from '../protocol/lint/lint-legs.fixtures.ts';
import { conversationLint, legFindings, retryChain } from './lint-session.ts';
import { sessionWith } from './timeline.fixtures.ts';

const same = askResult(['confirm'], 'same');
const state = sessionWith([
  {
    id: 'loop',
    legs: [
      { result: same },
      { requestState: 'same', inputResponses: { confirm: accept('y') }, result: same },
      { requestState: 'same', inputResponses: { confirm: accept('y') }, result: same },
      { requestState: 'same', inputResponses: { confirm: accept('y') }, result: same },
    ],
  },
]);
const loop = state.conversations.loop!;

describe('lint over a session', () => {
  it('follows parent links to build the retry chain when legs answer each other', () => {
    const last = state.legs[loop.legIds[3]!]!;
    expect(retryChain(state, last).map((l) => l.id)).toEqual(loop.legIds.slice(0, 3));
  });
  it('summarises a never-advancing conversation per rule when rounds repeat', () => {
    const summary = conversationLint(state, loop);
    expect(summary.rules).toEqual([{ rule: 'server/never-advances', count: 2, severity: 'warning' }]);
    expect(summary.findings.map((f) => f.round)).toEqual([3, 4]);
    expect(summary.counts).toEqual({ error: 0, warning: 2, info: 0 });
  });
  it('returns the same cached array when a leg is linted twice', () => {
    const leg = state.legs[loop.legIds[2]!]!;
    expect(legFindings(state, leg)).toBe(legFindings(state, leg));
  });
});
