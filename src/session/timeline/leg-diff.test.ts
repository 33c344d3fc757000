import { describe, expect, it } from 'vitest';
import { accept, askResult } from '../../protocol/lint/lint-legs.fixtures.ts';
import { legDiff, previousLegId, textDiff, MAX_DIFF_CHARS } from './leg-diff.ts';
import { sessionWith } from './timeline.fixtures.ts';

const state = sessionWith([
  {
    id: 'c',
    legs: [
      { result: askResult(['version'], 'v1.AAAAAAAA') },
      {
        requestState: 'v1.AAAAAAAA',
        inputResponses: { version: accept('1.2') },
        result: askResult(['window'], 'v1.AAAXAAAAZZ'),
      },
    ],
  },
]);
const [first, second] = state.conversations.c?.legIds.map((id) => state.legs[id]!) ?? [];

describe('legDiff', () => {
  it('shows the received requestState bytes that changed when two rounds hand out different states', () => {
    const d = legDiff(first!, second!);
    expect(d.requestState.received.changed).toBe(true);
    expect(d.requestState.received.summary).toEqual({ changedBytes: 1, addedBytes: 2, removedBytes: 0, rangeCount: 2 });
    expect(d.requestState.sent).toMatchObject({ changed: true, after: 'v1.AAAAAAAA' });
    expect(d.requestState.sent.before).toBeUndefined();
  });
  it('diffs inputRequests and inputResponses line by line when the questions change', () => {
    const d = legDiff(first!, second!);
    const requests = d.sections.find((s) => s.id === 'inputRequests');
    expect(requests?.changed).toBe(true);
    expect(requests?.lines?.some((l) => l.kind === 'added' && l.text.includes('"window"'))).toBe(true);
    expect(requests?.lines?.some((l) => l.kind === 'removed' && l.text.includes('"version"'))).toBe(true);
    expect(d.sections.find((s) => s.id === 'inputResponses')?.changed).toBe(true);
  });
  it('reports params without inputResponses and requestState, so an unchanged call shows no change there', () => {
    const d = legDiff(first!, second!);
    const params = d.sections.find((s) => s.id === 'params');
    expect(params?.lines?.filter((l) => l.kind !== 'same').map((l) => l.text.trim())).toEqual([
      expect.stringMatching(/"id": \d+/),
      expect.stringMatching(/"id": \d+/),
    ]);
  });
  it('reports no change when a leg is compared with itself', () => {
    const d = legDiff(first!, first!);
    expect(d.sections.every((s) => !s.changed)).toBe(true);
    expect(d.requestState.received.changed).toBe(false);
  });
});

describe('textDiff', () => {
  it('compares for equality only when a text is too large to diff', () => {
    const big = 'x'.repeat(MAX_DIFF_CHARS + 1);
    expect(textDiff('result', big, `${big}y`)).toMatchObject({ changed: true, tooLarge: true });
    expect(textDiff('result', big, `${big}y`).lines).toBeUndefined();
  });
});

describe('previousLegId', () => {
  it('returns the leg before, or undefined for the first leg', () => {
    expect(previousLegId(['a', 'b', 'c'], 'c')).toBe('b');
    expect(previousLegId(['a', 'b'], 'a')).toBeUndefined();
  });
});
