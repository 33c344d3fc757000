import { useRef } from 'react';
import type { LiveSseEvent } from '../../protocol/exchange.ts';
import { EMPTY_LIVE_VIEW, foldLive, type LiveView } from './live-notifications.ts';

/**
 * The live view of a leg's SSE events, folding in only the events added since the last render: the store appends to
 * the list (a new array with the same first records), so a list that starts with the same record and is no shorter
 * continues the one already folded; anything else is folded from scratch.
 */
export function useLiveView(events: readonly LiveSseEvent[] | undefined): LiveView | undefined {
  const memo = useRef<{ first: LiveSseEvent | undefined; count: number; view: LiveView }>({
    first: undefined,
    count: 0,
    view: EMPTY_LIVE_VIEW,
  });
  if (!events?.length) return undefined;
  const m = memo.current;
  if (m.first !== events[0] || events.length < m.count) {
    memo.current = { first: events[0], count: events.length, view: foldLive(EMPTY_LIVE_VIEW, events, 0) };
  } else if (events.length > m.count) {
    memo.current = { first: m.first, count: events.length, view: foldLive(m.view, events, m.count) };
  }
  return memo.current.view;
}
