import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import type { TimelineItem } from '../../session/timeline/timeline-flat.ts';
import { timeOfDay } from '../../lib/text.ts';
import { countsText, outcomeText } from './row-text.ts';

/**
 * The row as one line of plain text: a leg's round, method, name and outcome; a header's time, title and status. Its
 * own marks are ASCII or Latin-1 (a header is "+" folded, "-" open, not the full header's ▸ and ▾): a glyph the
 * monospace font lacks costs a font-fallback search the first time it is drawn (about 10 ms for ▸ on Linux), and the
 * first flung frame is where it would land.
 */
export function flingText(item: TimelineItem): string {
  if (item.kind === 'conversation') {
    const { row } = item;
    return `${item.expanded ? '-' : '+'} ${timeOfDay(row.createdAt)} ${row.title} · ${row.status} · ${countsText(row)}`;
  }
  const leg = item.row;
  const status = leg.httpStatus !== undefined ? ` · HTTP ${leg.httpStatus}` : '';
  return `#${leg.round} ${leg.method} ${leg.target} · ${outcomeText(leg)}${status}`;
}

/**
 * A fling frame: while the list scrolls, it moved more than its own height since it was last drawn, so every row on
 * screen is new and nobody can read them as they pass (a flung or dragged scrollbar, End, a far leg brought into view).
 */
export function isFling(scrolling: boolean, jump: number, height: number): boolean {
  return scrolling && jump > height;
}

/**
 * True while the list is flung (see isFling). It reads the offset the list was last drawn at, kept after each
 * commit, so a render that React repeats sees the same answer.
 */
export function useFling(scrolling: boolean, offset: number, height: number): boolean {
  const drawn = useRef(offset);
  const fling = isFling(scrolling, Math.abs(offset - drawn.current), height);
  useLayoutEffect(() => {
    drawn.current = offset;
  });
  return fling;
}

/**
 * What a row is while the list is flung: one element and one text node instead of a button with badges, so a frame
 * that mounts a whole screen of new rows stays short (a fling moves 1,900 px per frame through 10,000 legs). The full
 * rows come back in the frame the scroll slows to less than a screen per frame, or 150 ms after it stops.
 */
export function FlingRow({
  item,
  setSize,
  posInSet,
  style,
  selected,
}: {
  item: TimelineItem;
  setSize: number;
  posInSet: number;
  /** the list's row style: its height and position */
  style: CSSProperties;
  selected: boolean;
}) {
  const header = item.kind === 'conversation';
  return (
    <div
      role="listitem"
      aria-setsize={setSize}
      aria-posinset={posInSet}
      className={`absolute top-0 left-0 w-full overflow-hidden rounded px-2 font-mono text-xs whitespace-nowrap ${header ? 'bg-slate-50 py-2 font-semibold' : 'py-1 text-slate-600'} ${selected ? 'bg-indigo-100' : ''}`}
      style={style}
    >
      {flingText(item)}
    </div>
  );
}
