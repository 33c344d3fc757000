import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStdioLeg } from './stdio-leg.ts';

const response = { jsonrpc: '2.0', id: 7, result: { content: [] } };
const progress = (token: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: token, progress: 1 },
});
const log = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'step 1' } };
afterEach(() => {
  vi.useRealTimers();
});

const options = { timeoutMs: 2_000, onTimeout: () => ({ error: 'timeout' }), onCancel: () => {} };

describe('a stdio leg', () => {
  it('answers application/json when the response comes before any notification', async () => {
    const leg = createStdioLeg();
    const answer = leg.answer({ sse: true, ...options });
    leg.finish(response);
    leg.notify(log); // after the response: not part of this answer
    const res = await answer;
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual(response);
  });

  it('streams every notification then the response as SSE when a notification comes first', async () => {
    const leg = createStdioLeg({ progressToken: 't1' });
    const answer = leg.answer({ sse: true, ...options });
    leg.notify(progress('t1'));
    const res = await answer;
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    leg.notify(log);
    leg.finish(response);
    const text = await res.text();
    const data = text
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as unknown);
    expect(data).toEqual([progress('t1'), log, response]);
  });

  it('answers with the response alone when the page does not accept text/event-stream', async () => {
    const leg = createStdioLeg();
    const answer = leg.answer({ sse: false, ...options });
    leg.notify(log);
    leg.finish(response);
    const res = await answer;
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual(response);
  });

  it('answers 504 with the timeout error when the server never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const leg = createStdioLeg();
    let settled = false;
    const answer = leg.answer({ ...options, sse: true, timeoutMs: 20 }).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(19);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const res = await answer;
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ error: 'timeout' });
  });

  it('ends the stream with the timeout error when notifications came but no response', async () => {
    const leg = createStdioLeg();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const answer = leg.answer({ ...options, sse: true, timeoutMs: 50 });
    leg.notify(log);
    await vi.advanceTimersByTimeAsync(50);
    const text = await (await answer).text();
    expect(text).toContain('"notifications/message"');
    expect(text).toContain('{"error":"timeout"}');
  });

  it('cancels the request when the page closes the stream before the response', async () => {
    let cancelled = 0;
    const leg = createStdioLeg();
    const answer = leg.answer({ ...options, sse: true, onCancel: () => cancelled++ });
    leg.notify(log);
    const res = await answer;
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(cancelled).toBe(1);
  });

  it('waits past any deadline when given none (a subscription)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const leg = createStdioLeg({ subscriptionId: 'bridge-1' });
    let settled = false;
    const answer = leg.answer({ ...options, sse: true, timeoutMs: undefined }).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(settled).toBe(false);
    leg.finish(response);
    expect((await answer).status).toBe(200);
  });

  it('ends a stream after what it carried when no response will come, or answers the fallback when nothing came', async () => {
    const streamed = createStdioLeg();
    const answer = streamed.answer({ ...options, sse: true });
    streamed.notify(log);
    const res = await answer;
    streamed.end({ error: 'ended' });
    const text = await res.text();
    expect(text).toContain('"notifications/message"');
    expect(text).not.toContain('ended');

    const quiet = createStdioLeg();
    const nothing = quiet.answer({ ...options, sse: true });
    quiet.end({ error: 'ended' });
    const fallback = await nothing;
    expect(fallback.status).toBe(502);
    expect(await fallback.json()).toEqual({ error: 'ended' });
  });
});
