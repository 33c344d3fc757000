import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../protocol/exchange.ts';
import { recordAnswered, recordUnanswered } from './leg-recorder.ts';
import { sendLeg } from './send-leg.ts';

const request: RecordedRequest = {
  url: 'http://127.0.0.1:1/mcp',
  method: 'POST',
  headers: [['content-type', 'application/json']],
  body: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"a"}}',
};

/** a clock that stands still at 1000: both readers see the same times */
const still = () => 1000;

const sse = [
  'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n',
  'data: {"jsonrpc":"2.0","id":99,"result":{}}\n\n',
  'data: {"jsonrpc":"2.0","id":7,"result":{"content":[]}}\n\n',
];

function sseResponse(chunks: string[], error?: string): Response {
  const encoder = new TextEncoder();
  const rest = [...chunks];
  // one chunk per read, then the end (or the error), as a network body comes
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      const chunk = rest.shift();
      if (chunk !== undefined) c.enqueue(encoder.encode(chunk));
      else if (error) c.error(new Error(error));
      else c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('the recorder of a watched leg', () => {
  it('reads an answer exactly as an own leg is read: same response, message and notifications', async () => {
    const watched = await recordAnswered({ request, startedAt: 1000, rpcId: 7 }, sseResponse(sse), still);
    const own = await sendLeg({
      url: request.url,
      headers: request.headers,
      body: request.body,
      rpcId: 7,
      fetch: () => Promise.resolve(sseResponse(sse)),
      now: still,
    });
    expect(watched.response).toEqual(own.response);
    expect(watched.message).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [] } });
    expect(watched.message).toEqual(own.message);
    expect(watched.notifications).toEqual(own.notifications);
    expect(watched.notifications).toHaveLength(2);
    expect(watched.request).toEqual(request);
    expect(watched.headersMs).toBe(own.headersMs);
  });

  it('keeps the method the client used (a 2025-11-25 session also GETs and DELETEs)', async () => {
    const get: RecordedRequest = { ...request, method: 'GET', body: '' };
    const exchange = await recordAnswered({ request: get, startedAt: 5 }, sseResponse([]), still);
    expect(exchange.request.method).toBe('GET');
    expect(exchange.response?.truncated).toBe(true);
  });

  it('records a body that broke as a stream failure, with what came before it', async () => {
    const exchange = await recordAnswered(
      { request, startedAt: 1000, rpcId: 7 },
      sseResponse(sse.slice(0, 1), 'the inspector restarted'),
      still,
    );
    expect(exchange.failure).toEqual({
      kind: 'stream',
      message: 'the connection dropped while reading the body: the inspector restarted',
    });
    expect(exchange.response?.sseEvents).toHaveLength(1);
  });

  it('records a leg no answer came to with what was sent and why', () => {
    const exchange = recordUnanswered({ request, startedAt: 1000 }, 'no answer', () => 1250);
    expect(exchange).toEqual({
      request,
      startedAt: 1000,
      durationMs: 250,
      failure: { kind: 'network', message: 'no answer' },
    });
  });
});
