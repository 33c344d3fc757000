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
    const legs = row.legs.filter((leg) => !leg.inherited);
    const expanded = !collapsed[row.conversationId];
    items.push({ kind: 'conversation', key: `c-${row.conversationId}`, row, expanded, shownLegs: legs.length });
    if (!expanded) continue;
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
  return { items, legCount: position };
}
