/** Flatten conversation rows into the items of a virtualised list: headers and (when expanded) their legs. */
import type { ConversationRow, LegRow } from './timeline-rows.ts';

export type TimelineItem =
  | { kind: 'conversation'; key: string; row: ConversationRow; expanded: boolean; shownLegs: number }
  | {
      kind: 'leg';
      key: string;
      row: LegRow;
      conversationId: string;
      /** 1-based position among the legs in the list (aria-posinset) */
      position: number;
    };

export interface FlatTimeline {
  items: TimelineItem[];
  /** how many legs the list shows (aria-setsize) */
  legCount: number;
}

/**
 * Inherited legs (shared with the conversation a branch was forked from) are listed under their own conversation
 * only. A conversation is expanded unless `collapsed[id]` is set, so a new conversation shows its legs at once.
 */
export function flattenTimeline(
  rows: readonly ConversationRow[],
  collapsed: Readonly<Record<string, boolean>>,
): FlatTimeline {
  const items: TimelineItem[] = [];
  let position = 0;
  for (const row of rows) {
    const expanded = !collapsed[row.conversationId];
    const part = rowItems(row, expanded, position);
    for (const item of part.items) items.push(item);
    position += part.shown;
  }
  return { items, legCount: position };
}

interface RowItems {
  expanded: boolean;
  start: number;
  items: TimelineItem[];
  shown: number;
}

/**
 * A row's items, reused while the row object, its expansion and its first position are unchanged: rows are rebuilt
 * only for the conversations an event touched, so a session event re-creates a few items, not all 14,000 of a
 * 10,000-leg session (a slow click). Items are plain data: the reused ones equal what would be built afresh.
 */
const rowItemsCache = new WeakMap<ConversationRow, RowItems>();

function rowItems(row: ConversationRow, expanded: boolean, start: number): RowItems {
  const hit = rowItemsCache.get(row);
  if (hit && hit.expanded === expanded && hit.start === start) return hit;
  const legs = row.legs.filter((leg) => !leg.inherited);
  const items: TimelineItem[] = [
    { kind: 'conversation', key: `c-${row.conversationId}`, row, expanded, shownLegs: legs.length },
  ];
  let position = start;
  if (expanded) {
    for (const leg of legs) {
      position += 1;
      items.push({
        kind: 'leg',
        key: `l-${row.conversationId}-${leg.legId}`,
        row: leg,
        conversationId: row.conversationId,
        position,
      });
    }
  }
  const built = { expanded, start, items, shown: position - start };
  rowItemsCache.set(row, built);
  return built;
}

/**
 * True when two item lists have the same keys and kinds in the same order: what a virtualised list's keys and
 * estimated sizes depend on. A session event that changes one conversation (an answer, a leg in flight) builds new
 * items with new rows but usually the same shape, and the list can then keep every measured offset.
 */
export function sameShape(a: readonly TimelineItem[], b: readonly TimelineItem[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as TimelineItem;
    const y = b[i] as TimelineItem;
    if (x.key !== y.key || x.kind !== y.kind) return false;
  }
  return true;
}
