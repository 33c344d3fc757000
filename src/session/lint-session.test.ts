import { describe, expect, it } from 'vitest';
import { accept, askResult } from '../protocol/lint/lint-legs.fixtures.ts';
import { conversationLint, deferLint, deferredFindings, legFindings, retryChain } from './lint-session.ts';
import { sessionWith } from './timeline/timeline.fixtures.ts';

const same = askResult(['confirm'], 'same');
const loopSession = () =>
  sessionWith([
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
const state = loopSession();
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
  it('finds what legFindings finds when a deferred leg is read later, chain included', () => {
    const unlinted = loopSession(); // new leg objects: nothing cached for them yet
    const ids = unlinted.conversations.loop!.legIds;
    const deferred = ids.map((id) => deferLint(unlinted, unlinted.legs[id]!, 'tools/call'));
    expect(deferred[0]?.chain).toHaveLength(0);
    expect(deferred[3]?.chain.map((l) => l.id)).toEqual(ids.slice(0, 3));
    expect(deferred[3]?.chainMethods).toBeUndefined();
    const rules = deferred.map((d) => deferredFindings(d).map((f) => f.rule));
    expect(rules).toEqual(ids.map((id) => legFindings(state, state.legs[id]!).map((f) => f.rule)));
    expect(rules.flat()).toEqual(['server/never-advances', 'server/never-advances']);
  });
});
