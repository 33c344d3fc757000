import { describe, expect, it, vi } from 'vitest';
import type { SseEventRecord } from '../../protocol/exchange.ts';
import { EMPTY_LIVE_VIEW, foldLive, LIVE_LOG_LIMIT, LIVE_PARSE_LIMIT } from './live-notifications.ts';

const ev = (message: unknown, at = 1): SseEventRecord => ({
  data: typeof message === 'string' ? message : JSON.stringify(message),
  at,
});
const progress = (params: Record<string, unknown>) =>
  ev({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', ...params } });
const log = (params: Record<string, unknown>, at = 1) =>
  ev({ jsonrpc: '2.0', method: 'notifications/message', params }, at);

/** What the SSE events of a leg in flight say, folded from nothing. */
const liveView = (events: Parameters<typeof foldLive>[1]) => foldLive(EMPTY_LIVE_VIEW, events, 0);

describe('foldLive from an empty view', () => {
  it('keeps the latest progress with "n of total: message" when progress notifications arrive', () => {
    const view = liveView([
      progress({ progress: 1, total: 5, message: 'Step 1 of 5' }),
      progress({ progress: 3, total: 5, message: 'step 3' }),
    ]);
    expect(view.progress).toEqual({ progress: 3, total: 5, message: 'step 3', text: '3 of 5: step 3' });
    expect(view.eventCount).toBe(2);
  });

  it('says only the count when the total and message are unknown', () => {
    expect(liveView([progress({ progress: 0.4 })]).progress?.text).toBe('0.4');
  });

  it('turns log data into text, strings as they are and anything else as JSON, when log messages arrive', () => {
    const view = liveView([
      log({ level: 'info', data: 'step 1 of 5' }, 12.4),
      log({ level: 'warning', logger: 'db', data: { rows: 3 } }, 40),
    ]);
    expect(view.logs).toEqual([
      { at: 12.4, level: 'info', text: 'step 1 of 5' },
      { at: 40, level: 'warning', logger: 'db', text: '{"rows":3}' },
    ]);
  });

  it('takes the message the sender parsed instead of parsing the data again when an event carries one', () => {
    const message = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'parsed once' } };
    const view = liveView([{ data: 'not json: the sender parsed it', at: 3, message }]);
    expect(view.logs).toEqual([{ at: 3, level: 'info', text: 'parsed once' }]);
  });

  it('reads no notification from an event of another type, as the recorded leg does not', () => {
    const view = liveView([{ ...log({ level: 'info', data: 'debug only' }), event: 'debug' }]);
    expect(view.logs).toEqual([]);
    expect(view.eventCount).toBe(1);
  });

  it('skips malformed notifications and the response itself when the stream carries them', () => {
    const view = liveView([
      ev('not json'),
      progress({ progress: 'three', total: 5 }),
      ev({ jsonrpc: '2.0', method: 'notifications/message' }),
      ev({ jsonrpc: '2.0', id: 1, result: { content: [] } }),
    ]);
    expect(view.progress).toBeUndefined();
    expect(view.logs).toEqual([]);
    expect(view.eventCount).toBe(4);
  });
});

describe('foldLive', () => {
  it('gives the same view folded in pieces as folded at once when events arrive in batches', () => {
    const events = Array.from({ length: 10 }, (_, i) =>
      i % 2 ? progress({ progress: i, total: 10 }) : log({ level: 'info', data: `line ${i}` }, i),
    );
    const pieces = foldLive(
      foldLive(foldLive(EMPTY_LIVE_VIEW, events.slice(0, 3), 0), events.slice(0, 7), 3),
      events,
      7,
    );
    expect(pieces).toEqual(liveView(events));
    expect(pieces.logCount).toBe(5);
    expect(pieces.progress?.text).toBe('9 of 10');
  });

  it('keeps only the latest LIVE_LOG_LIMIT log messages but counts them all when the log is long', () => {
    const events = Array.from({ length: LIVE_LOG_LIMIT + 50 }, (_, i) => log({ level: 'info', data: `line ${i}` }, i));
    const view = liveView(events);
    expect(view.logCount).toBe(LIVE_LOG_LIMIT + 50);
    expect(view.logs).toHaveLength(LIVE_LOG_LIMIT);
    expect(view.logs[0]?.text).toBe('line 50');
    expect(view.logs.at(-1)?.text).toBe(`line ${LIVE_LOG_LIMIT + 49}`);
  });

  it('counts a multi-megabyte response without parsing it but still reads a large log event when the stream ends', () => {
    const big = 'x'.repeat(LIVE_PARSE_LIMIT + 1);
    const response = ev({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: big }] } });
    const parse = vi.spyOn(JSON, 'parse');
    const view = liveView([log({ level: 'info', data: big }), response]);
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    expect(view.eventCount).toBe(2);
    expect(view.logs[0]?.text).toHaveLength(big.length);
  });
});
