import { describe, expect, it, vi } from 'vitest';
import type { ProxyEvent } from '../protocol/proxy-wire.ts';
import { createProxyFollow, type WatchSink } from './proxy-follow.ts';

const config = (running: number) => ({ proxy: { enabled: true, running } });

/** The sink's calls, in order: the store's watch actions as the follow drives them. */
function recordingSink() {
  const connected: boolean[] = [];
  const events: { event: ProxyEvent; run: string }[] = [];
  /** the batches opened: one per read of the stream */
  const batches: Promise<unknown>[] = [];
  const sink: WatchSink = {
    watchBatch: (until) => void batches.push(until),
    setWatchConnected: (c) => void connected.push(c),
    applyProxyEvent: (event, run = '') => void events.push({ event, run }),
    recordWatched: () => undefined,
    recordWatchedPushed: () => undefined,
    noteWatchedAnswer: () => undefined,
  };
  return { sink, connected, events, batches };
}

const sse = (id: string, event: ProxyEvent) => `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`;
const missed = (at: number): ProxyEvent => ({ type: 'missed', at, from: at, to: at });

/**
 * The proxies' event stream, one connection per fetch: each connection sends its events, then breaks (`end: 'break'`)
 * or stays open until the follow stops (its signal aborts).
 */
function fakeStream(connections: { events: string[]; end: 'break' | 'open' }[]) {
  const asked: { lastEventId: string | null; signal: AbortSignal }[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const signal = init?.signal as AbortSignal;
    asked.push({ lastEventId: new Headers(init?.headers).get('last-event-id'), signal });
    const next = connections[asked.length - 1];
    if (!next) return new Response('no more', { status: 503 });
    const events = [...next.events];
    // each event is read before the connection breaks (an errored stream drops what it had not handed out)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
      pull(controller) {
        const e = events.shift();
        if (e !== undefined) controller.enqueue(new TextEncoder().encode(e));
        else if (next.end === 'break') controller.error(new Error('connection reset'));
        else return new Promise<void>(() => undefined);
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, asked };
}

const noDocument = () => ({
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
  visibilityState: 'visible' as const,
});
const noChannel = () => ({
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
  postMessage: vi.fn(),
  close: vi.fn(),
});

describe('the proxy-follow lifecycle', () => {
  it('starts when a proxy runs, reconnects after a break resuming after the last event, and stops for good', async () => {
    const stream = fakeStream([
      { events: [sse('r1.1', missed(1))], end: 'break' },
      // the history comes again on reconnect: the event already told is not told twice
      { events: [sse('r1.1', missed(1)), sse('r1.2', missed(2))], end: 'open' },
    ]);
    const { sink, connected, events, batches } = recordingSink();
    const follow = createProxyFollow({
      token: 't',
      config: config(1),
      fetch: stream.fetch,
      retryMs: 5,
      nextFrame: () => Promise.resolve(),
      doc: noDocument(),
      channel: noChannel(),
    });
    expect(stream.asked).toHaveLength(0);

    follow.start(sink);
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([
      { event: missed(1), run: 'r1' },
      { event: missed(2), run: 'r1' },
    ]);
    expect(stream.asked.map((a) => a.lastEventId)).toEqual([null, 'r1.1']);
    expect(connected).toEqual([true, false, true]);
    // each read of the stream opened a batch: the legs it completes reach the session together
    expect(batches.length).toBeGreaterThanOrEqual(2);

    follow.stop();
    expect(stream.asked[1]?.signal.aborted).toBe(true);
    expect(connected).toEqual([true, false, true, false]);
    // stopped for good: no reconnect, and a proxy started afterwards starts nothing
    follow.deps.follow();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stream.asked).toHaveLength(2);
  });

  it('opens no stream while no proxy runs, and follows once this page starts one (telling the other tabs)', async () => {
    const stream = fakeStream([{ events: [sse('r1.1', missed(1))], end: 'open' }]);
    const { sink, events } = recordingSink();
    const channel = noChannel();
    const doc = noDocument();
    const follow = createProxyFollow({ token: 't', config: config(0), fetch: stream.fetch, doc, channel });
    follow.start(sink);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.asked).toHaveLength(0);
    expect(doc.addEventListener).toHaveBeenCalledWith('visibilitychange', expect.any(Function));

    follow.deps.follow();
    expect(channel.postMessage).toHaveBeenCalledWith('proxy-started');
    await vi.waitFor(() => expect(events).toHaveLength(1));
    // following once is enough: a second start opens no second stream
    follow.deps.follow();
    follow.stop();
    expect(stream.asked).toHaveLength(1);
    // the channel is the caller's: stopping leaves it open, but stops listening to it
    expect(channel.close).not.toHaveBeenCalled();
    expect(channel.removeEventListener).toHaveBeenCalledWith('message', expect.any(Function));
  });

  it('before start, "this page started a proxy" only tells the other tabs: the stream waits for the store', async () => {
    const stream = fakeStream([]);
    const channel = noChannel();
    const follow = createProxyFollow({
      token: 't',
      config: config(1),
      fetch: stream.fetch,
      doc: noDocument(),
      channel,
    });
    follow.deps.follow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(channel.postMessage).toHaveBeenCalledTimes(1);
    expect(stream.asked).toHaveLength(0);
    follow.stop();
  });

  it('sends the controls with the token through the given fetch', async () => {
    const fetch = vi.fn(async () => Response.json({ ok: true }));
    const follow = createProxyFollow({
      token: 'secret',
      config: config(0),
      fetch: fetch as unknown as typeof globalThis.fetch,
      doc: noDocument(),
      channel: noChannel(),
    });
    await expect(follow.deps.control({ action: 'stop', proxyId: 'p1' })).resolves.toEqual({ ok: true });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('x-relay-token')).toBe('secret');
    expect(JSON.parse(String(init.body))).toEqual({ action: 'stop', proxyId: 'p1' });
  });
});
