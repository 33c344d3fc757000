import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { sameShape, type TimelineItem } from '../../session/timeline/timeline-flat.ts';
import { ConversationHeader } from './conversation-header.tsx';
import { LegRowButton } from './leg-row.tsx';
import { keepInView } from './keep-in-view.ts';
import { FlingRow, useFling } from './fling-row.tsx';

const HEADER_HEIGHT = 32;
const LEG_HEIGHT = 44;

export interface TimelineProps {
  items: readonly TimelineItem[];
  selectedLegId: string | null;
  /** with no leg selected, this conversation's header is marked and kept on screen (a call in flight) */
  selectedConversationId?: string | null;
  onSelectLeg: (legId: string, conversationId: string) => void;
  onToggleConversation: (conversationId: string) => void;
  /** message when there is nothing to show */
  emptyText?: string;
  /** a fixed viewport height in px instead of measuring the scroll box (jsdom has no layout) */
  viewportHeight?: number;
}

function fixedRect(height: number) {
  return (_instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) => {
    cb({ width: 800, height });
    return undefined;
  };
}

/**
 * Every leg of every call, grouped by conversation, newest last. Virtualised: only the rows on screen are in the
 * DOM. Conversation headers (disclosure buttons) and legs are both list items, each carrying aria-posinset /
 * aria-setsize over the whole list, so a screen reader hears "item 12 of 12,500" for a list it cannot see whole.
 */
export function Timeline({
  items,
  selectedLegId,
  selectedConversationId = null,
  onSelectLeg,
  onToggleConversation,
  emptyText = 'No calls yet. Every leg of every call will appear here.',
  viewportHeight,
}: TimelineProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // stable while the items' keys and kinds are: the virtualizer recomputes every item's offset (14,000 objects for
  // a long session) whenever getItemKey changes, and it re-renders this list on every scrolled frame. A session
  // event usually rebuilds `items` with the same shape (new rows, same keys), so the callbacks keep reading the
  // earlier array, which has the same keys and kinds (re-measuring cost 5-16 ms per click with 10,000 legs).
  const [shaped, setShaped] = useState(items);
  const same = useMemo(() => sameShape(shaped, items), [shaped, items]);
  if (!same) setShaped(items);
  const keyed = same ? shaped : items;
  const getItemKey = useCallback((i: number) => keyed[i]?.key ?? i, [keyed]);
  const estimateSize = useCallback(
    (i: number) => (keyed[i]?.kind === 'conversation' ? HEADER_HEIGHT : LEG_HEIGHT),
    [keyed],
  );
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 1,
    initialRect: { width: 800, height: viewportHeight ?? MAX_LIST_HEIGHT },
    ...(viewportHeight !== undefined ? { observeElementRect: fixedRect(viewportHeight) } : {}),
  });

  // keep the selected leg on screen (a new leg is selected as it arrives)
  // (memoised: the list re-renders on every scrolled frame, and a long session has 14,000 items)
  const headerSelected = selectedLegId ? null : selectedConversationId;
  const selectedIndex = useMemo(() => {
    if (selectedLegId) return items.findIndex((i) => i.kind === 'leg' && i.row.legId === selectedLegId);
    if (headerSelected)
      return items.findIndex((i) => i.kind === 'conversation' && i.row.conversationId === headerSelected);
    return -1;
  }, [items, selectedLegId, headerSelected]);
  const boxHeight = listHeight(items);
  useEffect(() => {
    if (selectedIndex >= 0) keepInView(virtualizer, selectedIndex, boxHeight);
  }, [selectedIndex, virtualizer, boxHeight]);

  // a fling draws plain one-line rows (fling-row.tsx)
  const fling = useFling(virtualizer.isScrolling, virtualizer.scrollOffset ?? 0, viewportHeight ?? MAX_LIST_HEIGHT);

  return (
    <div ref={scrollRef} className="overflow-auto" style={scrollBoxStyle(boxHeight)}>
      <div role="list" aria-label="Timeline" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v, slot) => {
          const item = items[v.index];
          if (!item) return null;
          const style = { height: v.size, transform: `translateY(${v.start}px)`, contain: 'strict' } as const;
          if (fling) {
            const selected =
              item.kind === 'leg' ? item.row.legId === selectedLegId : item.row.conversationId === headerSelected;
            return (
              <FlingRow
                key={flingKey(slot)}
                item={item}
                setSize={items.length}
                posInSet={v.index + 1}
                style={style}
                selected={selected}
              />
            );
          }
          if (item.kind === 'conversation') {
            return (
              <div
                key={v.key}
                role="listitem"
                aria-setsize={items.length}
                aria-posinset={v.index + 1}
                className="absolute top-0 left-0 w-full pt-1"
                style={style}
              >
                <ConversationHeader
                  row={item.row}
                  expanded={item.expanded}
                  onToggle={onToggleConversation}
                  selected={item.row.conversationId === headerSelected}
                />
              </div>
            );
          }
          return (
            <div
              key={v.key}
              role="listitem"
              aria-setsize={items.length}
              aria-posinset={v.index + 1}
              aria-current={item.row.legId === selectedLegId ? 'true' : undefined}
              className={`absolute top-0 left-0 w-full ${item.row.inherited ? 'opacity-60' : ''}`}
              style={style}
            >
              <LegRowButton row={item.row} selected={item.row.legId === selectedLegId} onSelect={onSelectLeg} />
            </div>
          );
        })}
      </div>
      {items.length === 0 && <p className="text-sm text-slate-500">{emptyText}</p>}
    </div>
  );
}

const MAX_LIST_HEIGHT = 480;

/**
 * A flung row's key is its place on screen (first, second, …), not the row it shows: every row of a fling frame is new,
 * and with these keys the next frame's rows are the same elements, updated (text, position), instead of a screen of
 * rows unmounted and the next mounted (no new fibers or DOM nodes per flung frame, so less garbage and fewer
 * GC pauses in a long scroll).
 */
function flingKey(slot: number): string {
  return `fling-${slot}`;
}

/**
 * The scroll box contains its layout, style and paint (CSS `contain: strict`; it has a fixed height), and so does
 * every row (fixed height, full width): the rows a scrolled frame mounts are laid out and painted inside the box
 * instead of relaying out and repainting the whole page with them (late frames in a long scroll). Without a height
 * (no items, the empty text) nothing is contained, so the box keeps its content's height.
 */
export function scrollBoxStyle(height: number | undefined): CSSProperties {
  return height === undefined ? {} : { height, contain: 'strict' };
}

/** Grow with the content up to MAX_LIST_HEIGHT, so a short timeline leaves no gap and a long one scrolls. */
function listHeight(items: readonly TimelineItem[]): number | undefined {
  if (items.length === 0) return undefined;
  let h = 2;
  for (const item of items) {
    h += item.kind === 'conversation' ? HEADER_HEIGHT : LEG_HEIGHT;
    if (h >= MAX_LIST_HEIGHT) return MAX_LIST_HEIGHT;
  }
  return h;
}
