import { describe, expect, it } from 'vitest';
import { accept, askResult } from '../../protocol/lint/lint-legs.fixtures.ts';
import { emptyFilter, filterOptions, filterRows } from './timeline-filter.ts';
import { flattenTimeline } from './timeline-flat.ts';
import { sessionWith } from './timeline.fixtures.ts';
import { timelineRows } from './timeline-rows.ts';

const state = sessionWith([
  {
    id: 'c1',
    legs: [
      { result: askResult(['region'], 'S1') },
      { requestState: 'S1', inputResponses: { region: accept('eu-west-1') }, result: { resultType: 'complete' } },
    ],
  },
  {
    id: 'c2',
    params: { name: 'deploy' },
    legs: [{ error: { code: -32602, message: 'Invalid or expired requestState' } }],
  },
  { id: 'c3', method: 'resources/read', params: { uri: 'file:///a.txt' }, legs: [{ result: { contents: [] } }] },
]);
const rows = timelineRows(state);
const ids = (r: readonly { conversationId: string; legs: { round: number }[] }[]) =>
  r.map((c) => `${c.conversationId}:${c.legs.map((l) => l.round).join(',')}`);

describe('filterRows', () => {
  it('returns the rows unchanged when no filter is set', () => {
    expect(filterRows(state, rows, emptyFilter)).toBe(rows);
  });
  it('keeps one method when filtering by method', () => {
    expect(ids(filterRows(state, rows, { ...emptyFilter, method: 'resources/read' }))).toEqual(['c3:1']);
  });
  it('keeps one tool when filtering by tool', () => {
    expect(ids(filterRows(state, rows, { ...emptyFilter, tool: 'deploy' }))).toEqual(['c2:1']);
  });
  it('keeps only matching legs when filtering by status', () => {
    expect(ids(filterRows(state, rows, { ...emptyFilter, status: 'input_required' }))).toEqual(['c1:1']);
  });
  it('matches a JSON-RPC error code or an HTTP status when filtering by code', () => {
    expect(ids(filterRows(state, rows, { ...emptyFilter, code: '-32602' }))).toEqual(['c2:1']);
    expect(ids(filterRows(state, rows, { ...emptyFilter, code: '200' }))).toHaveLength(3);
  });
  it('searches request and response bodies case-insensitively when text is given', () => {
    expect(ids(filterRows(state, rows, { ...emptyFilter, text: 'EU-WEST' }))).toEqual(['c1:2']);
    expect(ids(filterRows(state, rows, { ...emptyFilter, text: 'expired' }))).toEqual(['c2:1']);
  });
  it('keeps legs with findings when the status is "lint"', () => {
    // c3's result has no resultType: an info finding
    expect(ids(filterRows(state, rows, { ...emptyFilter, status: 'lint' }))).toEqual(['c3:1']);
  });
  it('lists the methods and tools present when building menus', () => {
    expect(filterOptions(rows)).toEqual({
      methods: ['resources/read', 'tools/call'],
      tools: ['deploy', 'file:///a.txt', 'provision'],
    });
  });
});

describe('flattenTimeline', () => {
  it('numbers legs across conversations and hides the legs of a collapsed one', () => {
    const open = flattenTimeline(rows, {});
    expect(open.legCount).toBe(4);
    expect(open.items.map((i) => (i.kind === 'leg' ? `L${i.position}` : 'C'))).toEqual([
      'C',
      'L1',
      'L2',
      'C',
      'L3',
      'C',
      'L4',
    ]);
    const closed = flattenTimeline(rows, { c1: true });
    expect(closed.legCount).toBe(2);
    expect(closed.items[0]).toMatchObject({ kind: 'conversation', expanded: false, shownLegs: 2 });
  });
});
