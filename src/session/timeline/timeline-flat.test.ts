import { describe, expect, it } from 'vitest';
import { flattenTimeline, sameShape } from './timeline-flat.ts';
import { reduce } from '../reducer.ts';
import { bigSession } from './timeline.fixtures.ts';
import { timelineRows } from './timeline-rows.ts';

describe('sameShape', () => {
  const state = bigSession(3, 2);
  const before = flattenTimeline(timelineRows(state), {});

  it('is true when a rebuilt list has new rows but the same keys and kinds', () => {
    const renamed = reduce(state, { type: 'draft/answers', conversationId: 'c1', answers: {} });
    const after = flattenTimeline(timelineRows(renamed), {});
    expect(after.items).not.toBe(before.items);
    expect(sameShape(before.items, after.items)).toBe(true);
  });

  it('is false when a conversation is collapsed (fewer items)', () => {
    const collapsed = flattenTimeline(timelineRows(state), { c1: true });
    expect(sameShape(before.items, collapsed.items)).toBe(false);
  });

  it('is false when the lengths match but a key or a kind differs', () => {
    const items = [...before.items];
    const first = items[0];
    if (!first) throw new Error('no items');
    items[0] = { ...first, key: 'c-other' };
    expect(sameShape(before.items, items)).toBe(false);
    const swapped = [...before.items];
    [swapped[0], swapped[1]] = [swapped[1] as (typeof swapped)[number], swapped[0] as (typeof swapped)[number]];
    expect(sameShape(before.items, swapped)).toBe(false);
  });
});

describe('flattenTimeline reuse', () => {
  const state = bigSession(4, 2);

  it('gives the same items as a fresh flatten when rows are reused, collapsed or shifted', () => {
    const rows = timelineRows(state);
    const first = flattenTimeline(rows, {});
    const again = flattenTimeline(rows, {});
    expect(again).toEqual(first);
    // reused: the unchanged rows' items are the very same objects
    expect(again.items[0]).toBe(first.items[0]);
    // collapsing the first conversation shifts every later position, and the items follow
    const collapsed = flattenTimeline(rows, { c0: true });
    expect(collapsed.legCount).toBe(first.legCount - 2);
    const legs = collapsed.items.filter((i) => i.kind === 'leg');
    expect(legs.map((i) => (i.kind === 'leg' ? i.position : 0))).toEqual(legs.map((_, n) => n + 1));
    expect(collapsed.items[0]).toMatchObject({ kind: 'conversation', expanded: false, shownLegs: 2 });
    // and expanding it again gives the first list back
    expect(flattenTimeline(rows, {})).toEqual(first);
  });
});
