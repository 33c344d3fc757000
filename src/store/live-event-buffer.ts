import type { LiveSseEvent } from '../protocol/exchange.ts';

export type LiveEvents = Record<string, LiveSseEvent[]>;

/** How often the SSE events of legs in flight reach the store (and the Leg in flight panel): at most every 100 ms. */
export const LIVE_FLUSH_MS = 100;

/**
 * Collects the SSE events of legs in flight and hands them to the store in one update per `LIVE_FLUSH_MS`, appended
 * to what is there. One update (and one render of the panel) per event made a stream of thousands of events
 * quadratic: each event copied the list so far and re-rendered it.
 */
export function createLiveEventBuffer(
  update: (change: (live: LiveEvents) => LiveEvents) => void,
  schedule: (flush: () => void, ms: number) => unknown = (flush, ms) => setTimeout(flush, ms),
) {
  const pending = new Map<string, LiveSseEvent[]>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.size === 0) return;
    const batches = [...pending];
    pending.clear();
    update((live) => {
      const next = { ...live };
      for (const [id, events] of batches) next[id] = [...(live[id] ?? []), ...events];
      return next;
    });
  };
  return {
    push(conversationId: string, event: LiveSseEvent) {
      const list = pending.get(conversationId);
      if (list) list.push(event);
      else pending.set(conversationId, [event]);
      if (!scheduled) {
        scheduled = true;
        schedule(flush, LIVE_FLUSH_MS);
      }
    },
    /** Forget what has not been flushed yet for a conversation (its leg was recorded). */
    drop(conversationId: string) {
      pending.delete(conversationId);
    },
  };
}
