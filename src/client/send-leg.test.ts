import { describe, expect, it } from 'vitest';
import { classifyExchange } from '../protocol/classify-exchange.ts';
import type { LiveSseEvent } from '../protocol/exchange.ts';
import { sendLeg, type FetchLike } from './send-leg.ts';

const okBody = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', content: [] } });

function answering(response: () => Response): FetchLike {
  return () => Promise.resolve(response());
}

const send = (fetch: FetchLike, extra: Partial<Parameters<typeof sendLeg>[0]> = {}) =>
  sendLeg({ url: 'http://s/mcp', headers: [], body: '{}', fetch, rpcId: 1, now: () => 0, ...extra });

/** A `nextTask` and a `nextFrame` that count the turns and the frames sendLeg gives the page. */
function turnCounter() {
  const page = {
    turns: 0,
    frames: 0,
    nextTask: () => {
      page.turns += 1;
      return Promise.resolve();
    },
    nextFrame: () => {
      page.frames += 1;
      return Promise.resolve();
    },
  };
  return page;
}

describe('sendLeg', () => {
  it('records the raw body and its content type but is not a success when the body comes as text/plain', async () => {
    const ex = await send(
      answering(() => new Response(okBody, { headers: { 'content-type': 'text/plain; charset=utf-8' } })),
    );
    expect(ex.response).toMatchObject({ status: 200, contentType: 'text/plain; charset=utf-8', body: okBody });
    expect(ex.message).toEqual(JSON.parse(okBody));
    const outcome = classifyExchange(ex, 'tools/call', 1);
    expect(outcome.kind).toBe('invalid');
    expect(outcome.kind === 'invalid' && outcome.reason).toContain(
      'Unexpected content type text/plain (expected application/json or text/event-stream)',
    );
  });

  it('completes when the body comes as application/json', async () => {
    const ex = await send(answering(() => new Response(okBody, { headers: { 'content-type': 'application/json' } })));
    expect(classifyExchange(ex, 'tools/call', 1).kind).toBe('complete');
  });

  it('picks the response out of an SSE stream when the content type is text/event-stream', async () => {
    const stream = `: keep-alive\n\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\ndata: ${okBody}\n\n`;
    const ex = await send(answering(() => new Response(stream, { headers: { 'content-type': 'text/event-stream' } })));
    expect(ex.response?.sseEvents).toHaveLength(2);
    expect(ex.notifications).toHaveLength(1);
    expect(classifyExchange(ex, 'tools/call', 1).kind).toBe('complete');
  });

  it('reads JSON-RPC only from unnamed and "message" events when the stream has other event types (basic/transports)', async () => {
    const decoy = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'complete', content: [{ type: 'text', text: 'decoy' }] },
    });
    const stream = `event: debug\ndata: ${decoy}\n\nevent: message\ndata: ${okBody}\n\n`;
    const ex = await send(answering(() => new Response(stream, { headers: { 'content-type': 'text/event-stream' } })));
    expect(ex.response?.sseEvents).toHaveLength(2);
    expect(ex.message).toEqual(JSON.parse(okBody));
    expect(ex.notifications).toBeUndefined();
  });

  it('hands each live event its parsed message, the one the leg records, when the event carries JSON-RPC', async () => {
    const stream = `data: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\nevent: debug\ndata: {"a":1}\n\ndata: not json\n\ndata: ${okBody}\n\n`;
    const live: LiveSseEvent[] = [];
    const ex = await send(
      answering(() => new Response(stream, { headers: { 'content-type': 'text/event-stream' } })),
      { onEvent: (ev) => live.push(ev) },
    );
    expect(live.map((ev) => 'message' in ev)).toEqual([true, false, false, true]);
    expect(live[0]!.message).toBe(ex.notifications![0]);
    expect(live[3]!.message).toBe(ex.message);
    // the recorded events carry no parsed copy
    expect(ex.response?.sseEvents?.some((ev) => 'message' in ev)).toBe(false);
  });

  it('finds no response when the only JSON-RPC body arrives under another event type', async () => {
    const stream = `event: result\ndata: ${okBody}\n\n`;
    const ex = await send(answering(() => new Response(stream, { headers: { 'content-type': 'text/event-stream' } })));
    expect(ex.message).toBeUndefined();
    expect(ex.response?.truncated).toBe(true);
  });

  it('says the server answered another id on this stream, not that the connection was cut, when that is what came', async () => {
    const other = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { resultType: 'complete', content: [] } });
    const stream = `data: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\ndata: ${other}\n\n`;
    const ex = await send(
      answering(() => new Response(stream, { headers: { 'content-type': 'text/event-stream' } })),
      { rpcId: 3 },
    );
    const outcome = classifyExchange(ex, 'tools/call', 3);
    expect(outcome.kind).toBe('invalid');
    const reason = outcome.kind === 'invalid' ? outcome.reason : '';
    expect(reason).toContain('the server answered id 7 on the stream of request 3');
    expect(reason).not.toMatch(/connection was cut/i);
  });

  it('flags a 5xx that carries a result instead of showing it complete', async () => {
    const ex = await send(
      answering(() => new Response(okBody, { status: 500, headers: { 'content-type': 'application/json' } })),
    );
    const outcome = classifyExchange(ex, 'tools/call', 1);
    expect(outcome.kind).toBe('invalid');
    expect(outcome.kind === 'invalid' && outcome.reason).toMatch(/^HTTP 500 carrying a result/);
  });

  it("keeps a 5xx JSON-RPC error as the server's error", async () => {
    const err = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'boom' } });
    const ex = await send(
      answering(() => new Response(err, { status: 500, headers: { 'content-type': 'application/json' } })),
    );
    expect(classifyExchange(ex, 'tools/call', 1)).toEqual({ kind: 'error', error: { code: -32603, message: 'boom' } });
  });

  it('records a 202 with no body and no message when the server treats the request as a notification', async () => {
    const ex = await send(answering(() => new Response(null, { status: 202 })));
    expect(ex.message).toBeUndefined();
    expect(ex.response).toMatchObject({ status: 202, body: '' });
  });

  it('records a network failure instead of throwing when fetch rejects', async () => {
    const ex = await send(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(ex.failure).toEqual({ kind: 'network', message: 'Failed to fetch' });
  });

  it('records every event and the response whole when a large stream arrives in chunks that cut events anywhere', async () => {
    const big = 'L'.repeat(300_000);
    const log = (n: number) =>
      `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `${n}:${big}` } })}\n\n`;
    const result = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: big }] } });
    const text = [0, 1, 2, 3].map(log).join('') + `event: message\ndata: ${result}\n\n`;
    const bytes = new TextEncoder().encode(text);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 7_777) controller.enqueue(bytes.subarray(at, at + 7_777));
        controller.close();
      },
    });
    const seen: number[] = [];
    const ex = await sendLeg({
      url: 'http://s/mcp',
      headers: [],
      body: '{}',
      rpcId: 1,
      now: () => 0,
      fetch: answering(() => new Response(chunked, { headers: { 'content-type': 'text/event-stream' } })),
      onEvent: (ev) => seen.push(ev.data.length),
    });
    expect(ex.response?.size).toBe(bytes.length);
    expect(ex.response?.body).toBe(text);
    expect(ex.response?.sseEvents).toHaveLength(5);
    expect(seen).toHaveLength(5);
    const datas = (ex.notifications as { params: { data: string } }[]).map((n) => n.params.data);
    expect(datas).toEqual([0, 1, 2, 3].map((n) => `${n}:${big}`));
    expect(ex.message).toEqual(JSON.parse(result));
    expect(classifyExchange(ex, 'tools/call', 1).kind).toBe('complete');
  });

  it('records a large body whole, characters split across slices intact, when it arrives in one chunk', async () => {
    // an odd prefix puts every 256 KiB slice boundary inside a two-byte character
    const text = `x${'é'.repeat(700_000)}`;
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text }] } });
    const bytes = new TextEncoder().encode(body);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes);
        c.close();
      },
    });
    const page = turnCounter();
    const ex = await send(
      answering(() => new Response(stream, { headers: { 'content-type': 'application/json' } })),
      { nextTask: page.nextTask, nextFrame: page.nextFrame },
    );
    expect(ex.response?.body).toBe(body);
    expect(ex.response?.size).toBe(bytes.byteLength);
    expect(ex.message).toEqual(JSON.parse(body));
    // the page drew a frame before the join, before the parse and before the answer was handed over
    expect(page.frames).toBe(3);
  });

  it('gives the page no extra turn when the body is small', async () => {
    const page = turnCounter();
    const ex = await send(
      answering(() => new Response(okBody, { headers: { 'content-type': 'application/json' } })),
      { nextTask: page.nextTask, nextFrame: page.nextFrame },
    );
    expect(ex.message).toEqual(JSON.parse(okBody));
    expect(page.turns).toBe(0);
    expect(page.frames).toBe(0);
  });

  it('parses every event of a large stream read in one chunk when the events straddle the slices', async () => {
    const log = (i: number) =>
      `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `${i}:${'ü'.repeat(70_000)}` } })}\n\n`;
    const stream = `${Array.from({ length: 12 }, (_, i) => log(i)).join('')}data: ${okBody}\n\n`;
    const ex = await send(answering(() => new Response(stream, { headers: { 'content-type': 'text/event-stream' } })));
    expect(ex.response?.body).toBe(stream);
    expect(ex.response?.sseEvents).toHaveLength(13);
    expect((ex.notifications as { params: { data: string } }[]).map((n) => n.params.data.split(':')[0])).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i)),
    );
    expect(classifyExchange(ex, 'tools/call', 1).kind).toBe('complete');
  });
});
