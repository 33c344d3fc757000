import { describe, expect, it, vi } from 'vitest';
import type { Exchange } from '../protocol/exchange.ts';
import type { ProxyEvent } from '../protocol/proxy-wire.ts';
import { INSPECTOR_RESTARTED, PAGE_MISSED, runProxyFeed, watchedExchanges } from './proxy-feed.ts';

function collect() {
  const done: Record<string, Exchange> = {};
  let resolveNext: (() => void) | undefined;
  const feed = watchedExchanges((id, exchange) => {
    done[id] = exchange;
    resolveNext?.();
  });
  const next = () => new Promise<void>((resolve) => (resolveNext = resolve));
  return { done, feed, next };
}

const request: ProxyEvent = {
  type: 'request',
  proxyId: 'p1',
  id: 'x1',
  at: 1000,
  method: 'POST',
  url: 'http://127.0.0.1:1/mcp',
  headers: [['content-type', 'application/json']],
  body: '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"a"}}',
};

describe('a watched exchange', () => {
  it('is parsed like an own leg: the SSE stream as it came, its response message picked by id', async () => {
    const { done, feed, next } = collect();
    const ended = next();
    feed(request);
    feed({
      type: 'response-head',
      id: 'x1',
      at: 1001,
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'text/event-stream']],
    });
    feed({
      type: 'response-chunk',
      id: 'x1',
      at: 1002,
      text: 'data: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\n',
    });
    feed({
      type: 'response-chunk',
      id: 'x1',
      at: 1003,
      text: 'data: {"jsonrpc":"2.0","id":3,"result":{"content":[]}}\n\n',
    });
    feed({ type: 'response-end', id: 'x1', at: 1004 });
    await ended;
    const x = done.x1!;
    expect(x.startedAt).toBe(1000);
    expect(x.request).toMatchObject({ method: 'POST', body: request.type === 'request' ? request.body : '' });
    expect(x.response?.sseEvents).toHaveLength(2);
    expect(x.message).toMatchObject({ id: 3, result: { content: [] } });
    expect(x.notifications).toHaveLength(1);
  });

  it('records the request as edited while held, and a failure when no answer came', async () => {
    const { done, feed, next } = collect();
    const ended = next();
    feed(request);
    feed({ type: 'request-sent', id: 'x1', at: 1001, headers: [], body: '{"edited":true}' });
    feed({ type: 'response-end', id: 'x1', at: 1002, failure: 'dropped in the inspector (held request)' });
    await ended;
    expect(done.x1!.request.body).toBe('{"edited":true}');
    expect(done.x1!.failure?.message).toMatch(/dropped in the inspector/);
  });
});

describe('exchanges that ended', () => {
  it('are told in the order they ended, though a body takes longer to read than a bodiless answer', async () => {
    const order: string[] = [];
    let resolveTwo: () => void;
    const two = new Promise<void>((resolve) => (resolveTwo = resolve));
    const feed = watchedExchanges((id) => {
      order.push(id);
      if (order.length === 2) resolveTwo();
    });
    const initialize = '{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{}}}';
    // a stdio host through the tap: its initialize answered, then its notifications/initialized accepted at once
    feed({ ...request, id: 'x1', body: '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}' });
    feed({
      type: 'response-head',
      id: 'x1',
      at: 1,
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'application/json']],
    });
    feed({ type: 'response-chunk', id: 'x1', at: 1, text: initialize });
    feed({ type: 'response-end', id: 'x1', at: 1 });
    feed({ ...request, id: 'x2', body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
    feed({ type: 'response-head', id: 'x2', at: 2, status: 202, statusText: 'Accepted', headers: [] });
    feed({ type: 'response-end', id: 'x2', at: 2 });
    await two;
    expect(order).toEqual(['x1', 'x2']);
  });
});

describe('a restarted inspector (a new run, numbering its exchanges from x1 again)', () => {
  it("records the new run's x1 as an exchange of its own, and the old run's open ones as ended by the restart", async () => {
    const done: Record<string, Exchange> = {};
    const feed = watchedExchanges((key, exchange) => (done[key] = exchange));
    const head = (id: string): ProxyEvent => ({
      type: 'response-head',
      id,
      at: 1001,
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'text/event-stream']],
    });
    // the old run: x1 waits for its answer's head, x2 has its stream half read, x3 ended
    feed(request, 'old');
    feed({ ...request, id: 'x2' }, 'old');
    feed(head('x2'), 'old');
    feed({ type: 'response-chunk', id: 'x2', at: 1002, text: ': still working\n\n' }, 'old');
    feed({ ...request, id: 'x3' }, 'old');
    feed(head('x3'), 'old');
    feed({ type: 'response-chunk', id: 'x3', at: 1002, text: 'data: {"jsonrpc":"2.0","id":3,"result":{}}\n\n' }, 'old');
    feed({ type: 'response-end', id: 'x3', at: 1003 }, 'old');
    // the new run's own x1, whole
    const body = '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"b"}}';
    feed({ ...request, body, at: 2000 }, 'new');
    feed(head('x1'), 'new');
    feed({ type: 'response-chunk', id: 'x1', at: 2002, text: 'data: {"jsonrpc":"2.0","id":9,"result":{}}\n\n' }, 'new');
    feed({ type: 'response-end', id: 'x1', at: 2003 }, 'new');
    await vi.waitFor(() => expect(Object.keys(done).sort()).toEqual(['new/x1', 'old/x1', 'old/x2', 'old/x3']));
    expect(done['new/x1']!.request.body).toBe(body);
    expect(done['new/x1']!.message).toMatchObject({ id: 9, result: {} });
    expect(done['old/x1']!.failure?.message).toBe(INSPECTOR_RESTARTED);
    expect(done['old/x2']!.failure?.message).toContain(INSPECTOR_RESTARTED);
    expect(done['old/x3']!.failure).toBeUndefined();
    expect(done['old/x3']!.message).toMatchObject({ id: 3, result: {} });
  });
});

describe('a page that fell behind the stream', () => {
  it('records the exchanges it had open as cut, saying why, when told it missed events', async () => {
    const { done, feed } = collect();
    feed(request, 'r');
    feed({ ...request, id: 'x2' }, 'r');
    feed(
      {
        type: 'response-head',
        id: 'x2',
        at: 1001,
        status: 200,
        statusText: 'OK',
        headers: [['content-type', 'text/event-stream']],
      },
      'r',
    );
    feed({ type: 'missed', at: 3000, from: 9, to: 40 }, 'r');
    await vi.waitFor(() => expect(Object.keys(done).sort()).toEqual(['r/x1', 'r/x2']));
    expect(done['r/x1']!.failure?.message).toBe(PAGE_MISSED);
    expect(done['r/x2']!.failure?.message).toContain(PAGE_MISSED);
    // what follows is recorded as usual
    feed({ ...request, id: 'x41' }, 'r');
    feed({ type: 'response-end', id: 'x41', at: 3002, failure: 'cut' }, 'r');
    await vi.waitFor(() => expect(done['r/x41']).toBeDefined());
  });
});

describe("a request a server pushes on a watched answer's stream", () => {
  it('is told the moment its event is whole, with the one event that carried it; notifications and the response are not', () => {
    const pushed: [string, Exchange][] = [];
    const feed = watchedExchanges(
      () => undefined,
      () => 2000,
      { onPushed: (id, exchange) => pushed.push([id, exchange]) },
    );
    feed(request);
    feed({
      type: 'response-head',
      id: 'x1',
      at: 1001,
      status: 200,
      statusText: 'OK',
      headers: [['Content-Type', 'text/event-stream']],
    });
    feed({
      type: 'response-chunk',
      id: 'x1',
      at: 1002,
      text: 'data: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\nevent: message\nid: e-7\ndata: {"jsonrpc":"2.0","id":0,',
    });
    // half an event: nothing yet
    expect(pushed).toEqual([]);
    feed({ type: 'response-chunk', id: 'x1', at: 1003, text: '"method":"elicitation/create","params":{}}\n\n' });
    expect(pushed).toHaveLength(1);
    const [id, exchange] = pushed[0]!;
    expect(id).toBe('x1');
    expect(exchange.message).toEqual({ jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: {} });
    expect(exchange.request.body).toBe(request.type === 'request' ? request.body : '');
    expect(exchange.response).toMatchObject({
      status: 200,
      body: 'id: e-7\nevent: message\ndata: {"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{}}\n\n',
      sseEvents: [{ id: 'e-7', event: 'message', at: 1000 }],
    });
    feed({ type: 'response-chunk', id: 'x1', at: 1004, text: 'data: {"jsonrpc":"2.0","id":3,"result":{}}\n\n' });
    expect(pushed).toHaveLength(1);
  });

  it('is not looked for in a JSON answer', () => {
    const pushed: unknown[] = [];
    const feed = watchedExchanges(() => undefined, Date.now, { onPushed: (_id, exchange) => pushed.push(exchange) });
    feed(request);
    feed({
      type: 'response-head',
      id: 'x1',
      at: 1001,
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'application/json']],
    });
    feed({ type: 'response-chunk', id: 'x1', at: 1002, text: 'data: {"jsonrpc":"2.0","id":0,"method":"ping"}\n\n' });
    expect(pushed).toEqual([]);
  });
});

describe("an answer's JSON-RPC response", () => {
  function watch() {
    const told: [string, unknown][] = [];
    const feed = watchedExchanges(() => undefined, Date.now, { onAnswer: (id, message) => told.push([id, message]) });
    feed(request);
    return { told, feed };
  }
  const body = '{"jsonrpc":"2.0","id":3,"result":{"resultType":"input_required","requestState":"s1"}}';

  it('is told once a JSON answer reaches its Content-Length, before the exchange ends', () => {
    const { told, feed } = watch();
    feed({
      type: 'response-head',
      id: 'x1',
      at: 1,
      status: 200,
      statusText: 'OK',
      headers: [
        ['content-type', 'application/json'],
        ['content-length', String(body.length)],
      ],
    });
    feed({ type: 'response-chunk', id: 'x1', at: 2, text: body.slice(0, 10) });
    expect(told).toEqual([]);
    feed({ type: 'response-chunk', id: 'x1', at: 3, text: body.slice(10) });
    expect(told).toEqual([['x1', JSON.parse(body)]]);
    feed({ type: 'response-end', id: 'x1', at: 4 });
    expect(told).toHaveLength(1);
  });

  it('is told at the end without a Content-Length, on its SSE event, and never for a cut answer', () => {
    const plain = watch();
    const head = (contentType: string): ProxyEvent => ({
      type: 'response-head',
      id: 'x1',
      at: 1,
      status: 200,
      statusText: 'OK',
      headers: [['content-type', contentType]],
    });
    plain.feed(head('application/json'));
    plain.feed({ type: 'response-chunk', id: 'x1', at: 2, text: body });
    expect(plain.told).toEqual([]);
    plain.feed({ type: 'response-end', id: 'x1', at: 3 });
    expect(plain.told).toHaveLength(1);

    const sse = watch();
    sse.feed(head('text/event-stream'));
    sse.feed({ type: 'response-chunk', id: 'x1', at: 2, text: `data: ${body}\n\n` });
    expect(sse.told).toEqual([['x1', JSON.parse(body)]]);

    const cut = watch();
    cut.feed(head('application/json'));
    cut.feed({ type: 'response-chunk', id: 'x1', at: 2, text: body });
    cut.feed({ type: 'response-end', id: 'x1', at: 3, failure: 'the client stopped reading the answer' });
    expect(cut.told).toEqual([]);
  });
});

const chunk = (text: string): ProxyEvent => ({ type: 'response-chunk', id: 'x1', at: 1, text });
const sse = (events: [string, ProxyEvent][]) =>
  events.map(([id, e]) => `id: ${id}\ndata: ${JSON.stringify(e)}\n\n`).join('');

describe('the event stream, broken and connected again', () => {
  it('resumes after the last event told, and tells none twice even when it comes again; a new run is told whole', async () => {
    // each connection: the stream's text, then its end (a break); the second replays from the start regardless
    const streams = [
      sse([
        ['r.1', chunk('one')],
        ['r.2', chunk('two')],
      ]),
      sse([
        ['r.1', chunk('one')],
        ['r.2', chunk('two')],
        ['r.3', chunk('three')],
      ]),
      sse([['s.1', chunk('after a restart')]]),
    ];
    const asked: (string | null)[] = [];
    const told: string[] = [];
    const stop = new AbortController();
    const fetch = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
      asked.push(new Headers(init?.headers).get('last-event-id'));
      const text = streams.shift();
      if (text === undefined) {
        stop.abort();
        return Promise.reject(new Error('stopped'));
      }
      return Promise.resolve(new Response(text, { headers: { 'content-type': 'text/event-stream' } }));
    });
    await runProxyFeed({
      token: 't',
      signal: stop.signal,
      fetch,
      retryMs: 0,
      onEvent: (e, run) => told.push(`${run}: ${e.type === 'response-chunk' ? e.text : e.type}`),
    });
    expect(told).toEqual(['r: one', 'r: two', 'r: three', 's: after a restart']);
    expect(asked).toEqual([null, 'r.2', 'r.3', 's.1']);
  });

  it('says each read of the stream before telling its events, so the page can apply a burst as one change', async () => {
    const stop = new AbortController();
    const encoder = new TextEncoder();
    const reads = [
      sse([
        ['r.1', chunk('one')],
        ['r.2', chunk('two')],
      ]),
      sse([['r.3', chunk('three')]]),
    ];
    const body = new ReadableStream<Uint8Array>({
      pull: (c) => {
        const next = reads.shift();
        if (next === undefined) c.close();
        else c.enqueue(encoder.encode(next));
      },
    });
    const told: string[] = [];
    let served = false;
    await runProxyFeed({
      token: 't',
      signal: stop.signal,
      retryMs: 0,
      fetch: () => {
        if (served) {
          stop.abort();
          return Promise.reject(new Error('stopped'));
        }
        served = true;
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
      },
      onRead: () => told.push('read'),
      onEvent: (e) => told.push(e.type === 'response-chunk' ? e.text : e.type),
    });
    expect(told).toEqual(['read', 'one', 'two', 'read', 'three']);
  });
});
