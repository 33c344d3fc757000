import { describe, expect, it } from 'vitest';
import type { SseEventRecord } from '../../protocol/exchange.ts';
import { liveView } from './live-notifications.ts';

const ev = (message: unknown, at = 1): SseEventRecord => ({
  data: typeof message === 'string' ? message : JSON.stringify(message),
  at,
});
const progress = (params: Record<string, unknown>) =>
  ev({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', ...params } });
const log = (params: Record<string, unknown>, at = 1) =>
  ev({ jsonrpc: '2.0', method: 'notifications/message', params }, at);

describe('liveView', () => {
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
