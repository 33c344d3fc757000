import { describe, expect, it } from 'vitest';
import type { SseEventRecord } from '../protocol/exchange.ts';
import { createLiveEventBuffer, LIVE_FLUSH_MS, type LiveEvents } from './live-event-buffer.ts';

const ev = (n: number): SseEventRecord => ({ data: `{"n":${n}}`, at: n });

function harness() {
  let live: LiveEvents = {};
  let updates = 0;
  const timers: { flush: () => void; ms: number }[] = [];
  const buffer = createLiveEventBuffer(
    (change) => {
      updates++;
      live = change(live);
    },
    (flush, ms) => timers.push({ flush, ms }),
  );
  const runTimers = () => timers.splice(0).forEach((t) => t.flush());
  return { buffer, runTimers, timers, live: () => live, updates: () => updates };
}

describe('createLiveEventBuffer', () => {
  it('hands a burst of events to the store in one update, in order, when the flush runs', () => {
    const h = harness();
    for (let i = 0; i < 1000; i++) h.buffer.push('c1', ev(i));
    expect(h.timers.map((t) => t.ms)).toEqual([LIVE_FLUSH_MS]);
    expect(h.updates()).toBe(0);
    h.runTimers();
    expect(h.updates()).toBe(1);
    expect(h.live().c1?.map((e) => e.at)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });

  it('appends later batches to earlier ones and keeps conversations apart when flushed twice', () => {
    const h = harness();
    h.buffer.push('c1', ev(1));
    h.buffer.push('c2', ev(2));
    h.runTimers();
    const first = h.live().c1;
    h.buffer.push('c1', ev(3));
    h.runTimers();
    expect(h.live().c1?.map((e) => e.at)).toEqual([1, 3]);
    expect(h.live().c2?.map((e) => e.at)).toEqual([2]);
    expect(first?.map((e) => e.at)).toEqual([1]); // a new list each update: the store sees the change
  });

  it('forgets the unflushed events of a conversation whose leg was recorded when dropped', () => {
    const h = harness();
    h.buffer.push('c1', ev(1));
    h.buffer.drop('c1');
    h.runTimers();
    expect(h.updates()).toBe(0);
    expect(h.live()).toEqual({});
  });
});
