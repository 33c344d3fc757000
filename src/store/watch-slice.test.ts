import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Exchange } from '../protocol/exchange.ts';
import { watchedExchangeKey, type ProxyControl, type ProxyEvent, type ProxyInfo } from '../protocol/proxy-wire.ts';
import { createInspectorStore } from './inspector-store.ts';
import { loadWatchedModel } from './watch-slice.ts';
import { auditTarget, recordWatchedJson } from './watched-store.fixtures.ts';

const PROXY: ProxyInfo = {
  id: 'p1',
  url: 'http://127.0.0.1:9/mcp',
  target: 'http://s/mcp',
  holdRequests: true,
  holdResponses: false,
  counts: { requests: 1, responses: 0, refused: 0 },
};

const TARGET = 'http://127.0.0.1:9/mcp';

/** A watched client's first round of `approve`: the server asks, with a requestState. */
function watchFirstRound(store: ReturnType<typeof storeWith>['store']): string {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: {
      name: 'approve',
      arguments: { amount: 5 },
      requestState: 'st-1',
      inputResponses: { ok: { action: 'accept' } },
    },
  });
  const answer = JSON.stringify({
    jsonrpc: '2.0',
    id: 3,
    result: { resultType: 'input_required', inputRequests: {}, requestState: 'st-2' },
  });
  recordWatchedJson(store, TARGET, body, answer);
  const conversationId = store.getState().session.order[0]!;
  return store.getState().session.conversations[conversationId]!.legIds[0]!;
}

function storeWith(control: (c: ProxyControl) => Promise<Record<string, unknown>>) {
  const follow = vi.fn();
  const calls: ProxyControl[] = [];
  const store = createInspectorStore({
    fetchFor: () => () => Promise.reject(new Error('no server in this test')),
    now: () => Date.now(),
    proxy: {
      control: (c) => {
        calls.push(c);
        return control(c);
      },
      follow,
    },
  });
  return { store, follow, calls };
}

describe('watch slice: before its model has loaded', () => {
  it('applies the events that came while it loaded in their order: a held request knows its proxy', async () => {
    // a fresh copy of the store's modules: the watched-traffic model is not loaded in it yet
    vi.resetModules();
    const fresh = await import('./inspector-store.ts');
    const store = fresh.createInspectorStore({
      fetchFor: () => () => Promise.reject(new Error('none')),
      now: Date.now,
    });
    const s = store.getState();
    s.applyProxyEvent({ type: 'proxies', proxies: [PROXY] });
    s.applyProxyEvent({
      type: 'request',
      proxyId: 'p1',
      id: 'x1',
      at: 1,
      method: 'POST',
      url: TARGET,
      headers: [],
      body: '{}',
    });
    s.applyProxyEvent({ type: 'held', id: 'x1', stage: 'request', at: 2, headers: [], body: '{}' });
    expect(store.getState().heldItems).toEqual([]);
    await vi.waitFor(() => expect(store.getState().heldItems).toHaveLength(1));
    expect(store.getState().heldItems[0]?.proxyId).toBe('p1');
    expect(store.getState().proxies).toEqual([PROXY]);
    expect(store.getState().watchSeen).toEqual({ x1: 'p1' });
  });
});

describe('watch slice', () => {
  // the page loads it with the first proxy event; loaded, every event applies at once
  beforeAll(() => loadWatchedModel());

  it('reduces the legs of a batch into the session together when it ends, in their order', async () => {
    const call = (n: number) =>
      [
        JSON.stringify({ jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: `t${n}`, arguments: {} } }),
        JSON.stringify({ jsonrpc: '2.0', id: n, result: { content: [] } }),
      ] as const;
    const plain = storeWith(() => Promise.resolve({})).store;
    for (const n of [1, 2, 3]) recordWatchedJson(plain, TARGET, ...call(n), `x${n}`);

    const { store } = storeWith(() => Promise.resolve({}));
    let sessions = 0;
    store.subscribe((now, before) => void (now.session !== before.session && sessions++));
    // the stream's run is known (its first event is applied at once)
    store.getState().applyProxyEvent({ type: 'proxies', proxies: [PROXY] });
    let end!: () => void;
    store.getState().watchBatch(new Promise<void>((resolve) => (end = resolve)));
    // held out of the store while the batch lasts: nothing changes, nothing renders
    let changes = 0;
    const stop = store.subscribe(() => void changes++);
    for (const n of [1, 2, 3]) recordWatchedJson(store, TARGET, ...call(n), `x${n}`);
    stop();
    expect(changes).toBe(0);
    expect(store.getState().session.order).toEqual([]);
    end();
    await vi.waitFor(() => expect(store.getState().session.order).toHaveLength(3));
    expect(sessions).toBe(1);
    expect(Object.keys(store.getState().watchSeen)).toEqual(['x1', 'x2', 'x3']);
    // the same conversations, in the same order, with the same legs as when each was reduced at once
    const legs = (st: typeof store) =>
      st
        .getState()
        .session.order.map((id) =>
          st
            .getState()
            .session.conversations[id]!.legIds.map((leg) => st.getState().session.legs[leg]!.exchange.request.body),
        );
    expect(legs(store)).toEqual(legs(plain));
    expect(legs(store).flat()).toEqual([1, 2, 3].map((n) => call(n)[0]));
  });

  it('follows the proxies (and tells the other tabs) only once a start succeeded', async () => {
    const refused = storeWith(() => Promise.reject(new Error('not an http(s) URL')));
    await refused.store.getState().startProxy('ftp://s');
    expect(refused.follow).not.toHaveBeenCalled();
    expect(refused.store.getState().watchError).toBe('not an http(s) URL');

    const { store, follow, calls } = storeWith(() => Promise.resolve({ id: 'p1' }));
    await store.getState().startProxy('http://s/mcp');
    expect(calls).toEqual([{ action: 'start', target: 'http://s/mcp' }]);
    expect(follow).toHaveBeenCalledTimes(1);
  });

  it('stops a proxy: it leaves the list with the items it held, the others stay', async () => {
    const { store, calls } = storeWith(() => Promise.resolve({ ok: true }));
    const s = store.getState();
    s.applyProxyEvent({ type: 'proxies', proxies: [PROXY, { ...PROXY, id: 'p2', target: 'http://t/mcp' }] });
    for (const [proxyId, id] of [
      ['p1', 'x1'],
      ['p2', 'x2'],
    ] as const) {
      s.applyProxyEvent({
        type: 'request',
        proxyId,
        id,
        at: 1,
        method: 'POST',
        url: 'http://s/mcp',
        headers: [],
        body: '{}',
      });
      s.applyProxyEvent({ type: 'held', id, stage: 'request', at: 2, headers: [], body: '{}' });
    }
    await store.getState().stopProxy('p1');
    expect(calls).toEqual([{ action: 'stop', proxyId: 'p1' }]);
    expect(store.getState().proxies.map((p) => p.id)).toEqual(['p2']);
    expect(store.getState().heldItems.map((h) => h.id)).toEqual(['x2']);
  });

  it("keeps that a held response is an SSE answer's response event, so the page offers only its body", () => {
    const { store } = storeWith(() => Promise.resolve({ ok: true }));
    const body = '{"jsonrpc":"2.0","id":7,"result":{"resultType":"input_required","requestState":"s1"}}';
    store
      .getState()
      .applyProxyEvent({ type: 'held', id: 'x1', stage: 'response', at: 2, headers: [], body, sse: true });
    expect(store.getState().heldItems).toEqual([{ id: 'x1', stage: 'response', at: 2, headers: [], body, sse: true }]);
  });

  it('keeps the proxy and says why when the stop is refused', async () => {
    const { store } = storeWith(() => Promise.reject(new Error('No proxy "p1".')));
    store.getState().applyProxyEvent({ type: 'proxies', proxies: [PROXY] });
    await store.getState().stopProxy('p1');
    expect(store.getState().proxies).toHaveLength(1);
    expect(store.getState().watchError).toBe('No proxy "p1".');
  });
});

describe('watch slice: the inspector restarted while the page stayed open', () => {
  beforeAll(() => loadWatchedModel());

  const call = (id: string, name: string): ProxyEvent => ({
    type: 'request',
    proxyId: 'p1',
    id,
    at: 1,
    method: 'POST',
    url: TARGET,
    headers: [],
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } }),
  });

  it("records the new run's x1 though the old run had one, keeps the old conversations, and lets go of the old held items", () => {
    const { store } = storeWith(() => Promise.resolve({}));
    const s = store.getState();
    s.applyProxyEvent({ type: 'proxies', proxies: [PROXY] }, 'old');
    s.applyProxyEvent(call('x1', 'before'), 'old');
    s.applyProxyEvent({ type: 'held', id: 'x1', stage: 'request', at: 2, headers: [], body: '{}' }, 'old');
    const before = store.getState().session.order[0]!;

    // the new process numbers from x1 again, and holds its own x1
    s.applyProxyEvent({ type: 'proxies', proxies: [PROXY] }, 'new');
    s.applyProxyEvent(call('x1', 'after'), 'new');
    s.applyProxyEvent({ type: 'held', id: 'x1', stage: 'request', at: 5, headers: [], body: '{}' }, 'new');

    const st = store.getState();
    expect(st.session.order.map((id) => st.session.conversations[id]!.title)).toEqual([
      'before · unknown client',
      'after · unknown client',
    ]);
    expect(st.session.order[0]).toBe(before);
    // the old run's held request is shown as gone, because of the restart; the new one waits for Forward or Drop
    expect(st.heldItems).toMatchObject([
      { id: 'x1', run: 'old', restarted: true, proxyId: 'p1' },
      { id: 'x1', run: 'new', proxyId: 'p1' },
    ]);
    expect(st.heldItems[0]!.goneAt).toBeDefined();
    expect(st.heldItems[1]!.goneAt).toBeUndefined();

    // the new run's x1 is released; the old one stays until it is dismissed
    s.applyProxyEvent({ type: 'released', id: 'x1', stage: 'request', at: 6, end: 'forwarded' }, 'new');
    expect(store.getState().heldItems).toMatchObject([{ id: 'x1', run: 'old', restarted: true }]);
    s.dismissHeld('x1', 'old');
    expect(store.getState().heldItems).toEqual([]);
  });

  it("records each run's exchange on its own conversation when both end after the restart", () => {
    const { store } = storeWith(() => Promise.resolve({}));
    const s = store.getState();
    s.applyProxyEvent(call('x1', 'before'), 'old');
    s.applyProxyEvent(call('x1', 'after'), 'new');
    const exchange = (failure?: string): Exchange => ({
      request: { url: TARGET, method: 'POST', headers: [], body: '' },
      ...(failure ? { failure: { kind: 'network', message: failure } } : {}),
      startedAt: 1,
      durationMs: 1,
    });
    s.recordWatched(watchedExchangeKey('old', 'x1'), exchange('the inspector restarted before this exchange ended'));
    s.recordWatched(watchedExchangeKey('new', 'x1'), exchange());
    const st = store.getState().session;
    const [before, after] = st.order.map((id) => st.conversations[id]!);
    expect(before!.legIds.map((id) => st.legs[id]!.exchange.failure?.message)).toEqual([
      'the inspector restarted before this exchange ended',
    ]);
    expect(after!.legIds.map((id) => st.legs[id]!.exchange.failure)).toEqual([undefined]);
  });
});

describe('watch slice: a 2025-11-25 session', () => {
  beforeAll(() => loadWatchedModel());

  it("labels the session from the initialize's answer head, and puts a pushed request and its answer in the call", () => {
    const { store } = storeWith(() => Promise.resolve({}));
    const s = store.getState();
    const request = (id: string, body: unknown, headers: [string, string][] = [['mcp-session-id', 's-1']]) =>
      s.applyProxyEvent({
        type: 'request',
        proxyId: 'p1',
        id,
        at: 1,
        method: 'POST',
        url: 'http://s/mcp',
        headers,
        body: JSON.stringify(body),
      });
    request(
      'x0',
      { jsonrpc: '2.0', id: 0, method: 'initialize', params: { clientInfo: { name: 'c', version: '1' } } },
      [],
    );
    s.applyProxyEvent({
      type: 'response-head',
      id: 'x0',
      at: 2,
      status: 200,
      statusText: 'OK',
      headers: [['mcp-session-id', 's-1']],
    });
    request('x1', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask' } });
    const call = store.getState().session.order.at(-1)!;
    expect(store.getState().session.conversations[call]!.title).toBe('ask · c 1');
    const pushed = { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { message: 'Name?' } };
    s.recordWatchedPushed('x1', {
      request: { url: 'http://s/mcp', method: 'POST', headers: [], body: '' },
      message: pushed,
      startedAt: 3,
      durationMs: 0,
    });
    request('x2', { jsonrpc: '2.0', id: 0, result: { action: 'decline' } });
    s.recordWatched('x2', {
      request: { url: 'http://s/mcp', method: 'POST', headers: [], body: '' },
      response: { status: 202, statusText: 'Accepted', headers: [], contentType: '', body: '', size: 0 },
      startedAt: 4,
      durationMs: 1,
    });
    const state = store.getState().session;
    const legs = state.conversations[call]!.legIds.map((id) => state.legs[id]!);
    expect(legs).toHaveLength(1);
    expect(legs[0]).toMatchObject({
      pushed: { method: 'elicitation/create' },
      answer: { sent: { method: 'response' } },
    });
    expect(state.conversations[call]!.inFlight).toBeDefined();
  });

  it("forks a watched leg into the app's own composer, connected to the watched server", () => {
    const { store } = storeWith(() => Promise.resolve({}));
    const legId = watchFirstRound(store);
    expect(store.getState().connectedUrl).not.toBe(TARGET);
    const branchId = store.getState().forkWatchedLeg(legId)!;
    const st = store.getState();
    expect(st.connectedUrl).toBe(TARGET);
    expect(st.selectedConversationId).toBe(branchId);
    const branch = st.session.conversations[branchId]!;
    expect(branch.watched).toBeUndefined();
    expect(branch.method).toBe('tools/call');
    expect(branch.draft).toMatchObject({
      params: { name: 'approve', arguments: { amount: 5 } },
      answers: { ok: { action: 'accept' } },
      requestState: 'st-1',
    });
  });

  it("opens the audit for a watched call by its name, and refuses the app's own legs", async () => {
    const { store } = storeWith(() => Promise.resolve({}));
    const legId = watchFirstRound(store);
    const conversationId = store.getState().session.legs[legId]!.conversationId;
    await store.getState().auditWatchedCall(conversationId);
    expect(store.getState().auditRequest).toEqual({ only: 'approve', nonce: 1 });
    expect(store.getState().connectedUrl).toBe(TARGET);
    await store.getState().auditWatchedCall(conversationId);
    expect(store.getState().auditRequest?.nonce).toBe(2);

    // a branch of the app's own is stepped and audited the usual way, not from here
    const own = store.getState().fork(legId);
    await store.getState().auditWatchedCall(own);
    expect(store.getState().auditRequest?.nonce).toBe(2);
    expect(store.getState().forkWatchedLeg('no-such-leg')).toBeNull();
  });

  it("starts the audit of a watched call, only its name, against the proxy's target through the app's send path", async () => {
    // the target answers the audit's list with the watched tool, and asks nothing when it is called
    const { fetch, sent } = auditTarget();
    const store = createInspectorStore(
      {
        fetchFor: () => fetch,
        now: () => Date.now(),
        timeoutMs: 5_000,
        proxy: { control: () => Promise.resolve({}), follow: vi.fn() },
      },
      { connectedUrl: 'http://elsewhere/mcp' },
    );
    const legId = watchFirstRound(store);
    await store.getState().auditWatchedCall(store.getState().session.legs[legId]!.conversationId);

    const run = store.getState().audit!;
    expect(run).toMatchObject({ status: 'done', server: TARGET });
    expect(run.report?.notAsking.map((n) => n.name)).toEqual(['approve']);
    expect(store.getState().connectedUrl).toBe(TARGET);
    // every leg went to the watched server, never to the proxy or the page's former server
    expect(new Set(sent.map((s) => s.url))).toEqual(new Set([TARGET]));
    expect(sent.filter((s) => s.method === 'tools/call').map((s) => s.name)).toEqual(['approve']);
  });
});
