/**
 * The page's event stream breaks in the middle of an exchange and comes back: the page, fed as bootstrap feeds it
 * (`runProxyFeed` -> the store and `watchedExchanges`) over the real `/__proxy/events` route, must end up exactly as if
 * the stream had never broken: each leg once with its bytes once, a pushed request one leg, a held item once, and a
 * held item the user dismissed gone for good. And when the inspector restarts under the open page (the stream comes
 * back from a new process, numbering its exchanges from `x1` again), the new traffic is recorded beside the old. And
 * when the page reloads (its saved session restored, the stream opened afresh and the run told from its start), nothing
 * it already held is recorded twice.
 */
import { describe, expect, it, vi } from 'vitest';
import { INSPECTOR_RESTARTED, runProxyFeed, watchedExchanges } from '../../client/proxy-feed.ts';
import type { ProxyEvent } from '../../protocol/proxy-wire.ts';
import { createMemoryStorage } from '../../lib/storage/memory-storage.fixtures.ts';
import { createInspectorStore } from '../../store/inspector-store.ts';
import { createPersistence } from '../../store/persistence/persistence.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import { PROXY_APP_TOKEN, proxyApp } from './proxy.fixtures.ts';

const up = closedAfterEach();

const TARGET = 'http://127.0.0.1:1/mcp';

const newPageStore = () =>
  createInspectorStore({
    fetchFor: () => () => Promise.reject(new Error('the page sends nothing in this test')),
    now: () => Date.now(),
  });

/**
 * The page: a store (a new one unless given) and the exchange recorder, fed by the event stream. `cut()` breaks the stream's connection, and
 * the page connects again only at `reconnect()` (to `restartedAt`, when given: the inspector restarted there).
 */
function watchingPage(base: string, store = newPageStore()) {
  const s = () => store.getState();
  const record = watchedExchanges((id, exchange) => s().recordWatched(id, exchange), Date.now, {
    onPushed: (id, exchange) => s().recordWatchedPushed(id, exchange),
    onAnswer: (id, message) => s().noteWatchedAnswer(id, message),
  });
  const seen: ProxyEvent[] = [];
  const stop = new AbortController();
  let connection = new AbortController();
  let connections = 0;
  let fetches = 0;
  let reconnect = (): void => undefined;
  const away = new Promise<void>((resolve) => (reconnect = resolve));
  let origin = base;
  void runProxyFeed({
    token: PROXY_APP_TOKEN,
    base,
    signal: stop.signal,
    retryMs: 10,
    onConnected: (on) => {
      if (on) connections++;
      s().setWatchConnected(on);
    },
    fetch: async (url, init) => {
      if (fetches++ > 0) await away;
      connection = new AbortController();
      const to = String(url).replace(base, origin);
      return fetch(to, { ...init, signal: AbortSignal.any([stop.signal, connection.signal]) });
    },
    onEvent: (event, run) => {
      seen.push(event);
      s().applyProxyEvent(event, run);
      record(event, run);
    },
  });
  return {
    store,
    seen,
    connections: () => connections,
    cut: () => connection.abort(),
    reconnect: (restartedAt?: string) => {
      if (restartedAt) origin = restartedAt;
      reconnect();
    },
    stop: () => stop.abort(),
  };
}

const call = (id: string, rpcId: number, name: string, params: Record<string, unknown> = {}): ProxyEvent => ({
  type: 'request',
  proxyId: 'p1',
  id,
  at: 1000,
  method: 'POST',
  url: TARGET,
  headers: [['content-type', 'application/json']],
  body: JSON.stringify({ jsonrpc: '2.0', id: rpcId, method: 'tools/call', params: { name, ...params } }),
});

const PUSHED =
  'event: message\ndata: {"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"message":"Sure?","requestedSchema":{"type":"object","properties":{}}}}\n\n';
const RESULT =
  'event: message\ndata: {"jsonrpc":"2.0","id":5,"result":{"content":[{"type":"text","text":"done"}]}}\n\n';

describe('the event stream breaks mid-exchange and reconnects (the history comes again)', () => {
  it('leaves every leg, pushed request and held item as once, and a dismissed item dismissed', async () => {
    const app = await up(proxyApp());
    const { hub } = app.proxies;
    const page = watchingPage(app.origin);
    const s = () => page.store.getState();
    try {
      // a call whose SSE answer pushes a request, then waits
      hub.emit(call('x1', 5, 'deploy'));
      hub.emit({
        type: 'response-head',
        id: 'x1',
        at: 1001,
        status: 200,
        statusText: 'OK',
        headers: [['content-type', 'text/event-stream']],
      });
      hub.emit({ type: 'response-chunk', id: 'x1', at: 1002, text: PUSHED });
      // a held request whose client gave up, dismissed by the user; another still held
      const gone = new AbortController();
      hub.emit(call('x2', 6, 'wait'));
      void hub.hold({ id: 'x2', stage: 'request', headers: [], body: '{"gone":true}' }, gone.signal);
      hub.emit(call('x3', 7, 'hold'));
      void hub.hold({ id: 'x3', stage: 'request', headers: [], body: '{"held":true}' }, new AbortController().signal);
      gone.abort();
      await vi.waitFor(() => expect(s().heldItems.find((h) => h.id === 'x2')?.goneAt).toBeDefined());
      s().dismissHeld('x2');
      await vi.waitFor(() => expect(s().session.order).toHaveLength(3));
      const [conversation] = s().session.order;
      await vi.waitFor(() => expect(s().session.conversations[conversation!]!.legIds).toHaveLength(1));

      // the stream breaks; the call's answer goes on while the page is away
      page.cut();
      await vi.waitFor(() => expect(s().watchConnected).toBe(false));
      hub.emit({ type: 'response-chunk', id: 'x1', at: 1003, text: RESULT });
      hub.emit({ type: 'response-end', id: 'x1', at: 1004 });
      page.reconnect();
      await vi.waitFor(() => expect(page.connections()).toBe(2));

      await vi.waitFor(() => expect(s().session.conversations[conversation!]!.legIds).toHaveLength(2));
      const legs = s().session.conversations[conversation!]!.legIds.map((id) => s().session.legs[id]!);
      expect(legs.filter((leg) => leg.pushed)).toHaveLength(1);
      const recorded = legs.find((leg) => !leg.pushed)!;
      expect(recorded.exchange.response?.body).toBe(PUSHED + RESULT);
      expect(recorded.exchange.response?.sseEvents).toHaveLength(2);
      expect(recorded.exchange.message).toMatchObject({ id: 5, result: { content: [{ text: 'done' }] } });
      expect(s().session.order).toHaveLength(3);
      expect(s().heldItems.map((h) => h.id)).toEqual(['x3']);
      // what came again was not taken again: each event reached the page's pipeline once
      const told = page.seen.filter((e) => e.type !== 'proxies').map((e) => JSON.stringify(e));
      expect(new Set(told).size).toBe(told.length);
    } finally {
      page.stop();
    }
  });
});

describe('the inspector restarts while the page stays open (a new run, its exchanges numbered from x1 again)', () => {
  it("records the new run's traffic, keeps the old conversations, and shows the old held items as gone", async () => {
    const before = await up(proxyApp());
    const after = await up(proxyApp());
    const page = watchingPage(before.origin);
    const s = () => page.store.getState();
    try {
      // the old process: a call whose answer has begun, and a held request
      before.proxies.hub.emit(call('x1', 5, 'deploy'));
      before.proxies.hub.emit({
        type: 'response-head',
        id: 'x1',
        at: 1001,
        status: 200,
        statusText: 'OK',
        headers: [['content-type', 'text/event-stream']],
      });
      before.proxies.hub.emit(call('x2', 6, 'wait'));
      const held = { id: 'x2', stage: 'request' as const, headers: [], body: '{"held":true}' };
      void before.proxies.hub.hold(held, new AbortController().signal);
      await vi.waitFor(() => expect(s().heldItems).toHaveLength(1));
      expect(s().session.order).toHaveLength(2);

      // the inspector restarts: the page's stream comes back from the new process, whose first exchange is x1 again
      page.cut();
      await vi.waitFor(() => expect(s().watchConnected).toBe(false));
      after.proxies.hub.emit(call('x1', 7, 'again'));
      after.proxies.hub.emit({
        type: 'response-head',
        id: 'x1',
        at: 2001,
        status: 200,
        statusText: 'OK',
        headers: [['content-type', 'text/event-stream']],
      });
      after.proxies.hub.emit({ type: 'response-chunk', id: 'x1', at: 2002, text: RESULT.replace('"id":5', '"id":7') });
      after.proxies.hub.emit({ type: 'response-end', id: 'x1', at: 2003 });
      page.reconnect(after.origin);

      await vi.waitFor(() => expect(s().session.order).toHaveLength(3));
      const titles = s().session.order.map((id) => s().session.conversations[id]!.title);
      expect(titles).toEqual(['deploy · unknown client', 'wait · unknown client', 'again · unknown client']);
      const legOf = (i: number) => {
        const c = s().session.conversations[s().session.order[i]!]!;
        return c.legIds.map((id) => s().session.legs[id]!);
      };
      await vi.waitFor(() => expect(legOf(2)).toHaveLength(1));
      expect(legOf(2)[0]!.exchange.message).toMatchObject({ id: 7, result: { content: [{ text: 'done' }] } });
      // the old call's answer will never end now: recorded as cut by the restart, not left in flight
      await vi.waitFor(() => expect(legOf(0)).toHaveLength(1));
      expect(legOf(0)[0]!.exchange.failure?.message).toContain(INSPECTOR_RESTARTED);
      expect(s().heldItems).toMatchObject([{ id: 'x2', restarted: true }]);
      expect(s().heldItems[0]!.goneAt).toBeDefined();
    } finally {
      page.stop();
    }
  });
});

describe('the page reloads while the inspector runs on (its saved session restored, the run told again from its start)', () => {
  it('records each exchange once, links a retry to its restored call, and shows what is still held once', async () => {
    const app = await up(proxyApp());
    const { hub } = app.proxies;
    const storage = createMemoryStorage();
    const first = watchingPage(app.origin);
    const s1 = () => first.store.getState();
    // a first round that asks (its requestState links the retry), a call whose answer pushes a request, a held one
    hub.emit(call('x1', 5, 'approve'));
    hub.emit({
      type: 'response-head',
      id: 'x1',
      at: 1001,
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'application/json']],
    });
    hub.emit({
      type: 'response-chunk',
      id: 'x1',
      at: 1002,
      text: '{"jsonrpc":"2.0","id":5,"result":{"resultType":"input_required","inputRequests":{},"requestState":"st-1"}}',
    });
    hub.emit({ type: 'response-end', id: 'x1', at: 1003 });
    hub.emit(call('x2', 6, 'deploy'));
    hub.emit({
      type: 'response-head',
      id: 'x2',
      at: 1004,
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'text/event-stream']],
    });
    hub.emit({ type: 'response-chunk', id: 'x2', at: 1005, text: PUSHED + RESULT.replace('"id":5', '"id":6') });
    hub.emit({ type: 'response-end', id: 'x2', at: 1006 });
    hub.emit(call('x3', 7, 'hold'));
    void hub.hold({ id: 'x3', stage: 'request', headers: [], body: '{"held":true}' }, new AbortController().signal);
    await vi.waitFor(() => expect(Object.keys(s1().session.legs)).toHaveLength(3));
    await vi.waitFor(() => expect(s1().heldItems).toHaveLength(1));
    const before = s1().session;
    await createPersistence(first.store, { storage }).flush();
    first.stop();

    // the reload: the saved session comes back, then the stream opens afresh and the hub tells the run from its start
    const restored = newPageStore();
    await createPersistence(restored, { storage }).load();
    expect(restored.getState().session.order).toEqual(before.order);
    const page = watchingPage(app.origin, restored);
    const s = () => page.store.getState();
    try {
      // the client retries the first call with the requestState it was given before the reload
      hub.emit(call('x4', 8, 'approve', { requestState: 'st-1', inputResponses: {} }));
      hub.emit({
        type: 'response-head',
        id: 'x4',
        at: 1008,
        status: 200,
        statusText: 'OK',
        headers: [['content-type', 'application/json']],
      });
      hub.emit({
        type: 'response-chunk',
        id: 'x4',
        at: 1009,
        text: '{"jsonrpc":"2.0","id":8,"result":{"content":[]}}',
      });
      hub.emit({ type: 'response-end', id: 'x4', at: 1010 });
      await vi.waitFor(() => expect(Object.keys(s().session.legs)).toHaveLength(4));

      expect(s().session.order).toEqual(before.order);
      const legsOf = (id: string) => s().session.conversations[id]!.legIds;
      const [approve, deploy, hold] = before.order;
      expect(legsOf(approve!)).toHaveLength(2);
      expect(legsOf(approve!).slice(0, 1)).toEqual(before.conversations[approve!]!.legIds);
      expect(legsOf(deploy!)).toEqual(before.conversations[deploy!]!.legIds);
      expect(legsOf(hold!)).toEqual([]);
      expect(s().heldItems).toMatchObject([{ id: 'x3', proxyId: 'p1' }]);
    } finally {
      page.stop();
    }
  });
});
