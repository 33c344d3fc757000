import { describe, expect, it, vi } from 'vitest';
import { LegacyCall } from './legacy-call.ts';
import { LegacySession, type LegacyExchange } from './legacy-session.ts';
import { openStandalone } from './standalone.ts';

type Call = { method: string; sessionId?: string; body?: { id?: number | string; method?: string } };

/**
 * A 2025-11-25 server that restarts: `restart()` forgets every session it handed out, and from then on it answers
 * 404 to any request naming one. Each `initialize` starts a new session (`sess-1`, `sess-2`, ...). `answer` decides
 * everything else; `hold` keeps a response pending until the test releases it (two requests in flight at once).
 */
function restartingServer(answer: (call: Call) => Response = () => new Response(null, { status: 202 })) {
  const calls: Call[] = [];
  let sessions = 0;
  const live = new Set<string>();
  const fetch = async (_url: string, init: RequestInit) => {
    const headers = Object.fromEntries((init.headers as [string, string][]).map(([k, v]) => [k.toLowerCase(), v]));
    const body = init.body ? (JSON.parse(init.body as string) as Call['body']) : undefined;
    const sessionId = headers['mcp-session-id'];
    const call: Call = { method: init.method ?? 'GET', ...(sessionId ? { sessionId } : {}), ...(body ? { body } : {}) };
    calls.push(call);
    if (body?.method === 'initialize') {
      const id = `sess-${++sessions}`;
      live.add(id);
      return new Response(
        JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { protocolVersion: '2025-11-25', capabilities: {} } }),
        { headers: { 'content-type': 'application/json', 'mcp-session-id': id } },
      );
    }
    if (sessionId && !live.has(sessionId)) return new Response('session not found', { status: 404 });
    if (body?.method === 'notifications/initialized') return new Response(null, { status: 202 });
    return answer(call);
  };
  return {
    calls,
    fetch,
    restart: () => live.clear(),
    inits: () => calls.filter((c) => c.body?.method === 'initialize'),
  };
}

const json = (value: unknown) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });

function session(fetch: ReturnType<typeof restartingServer>['fetch'], log: LegacyExchange[] = []) {
  return new LegacySession({
    url: 'http://x/mcp',
    fetch,
    clientInfo: { name: 'c', version: '1' },
    capabilities: {},
    sleep: async () => undefined,
    onExchange: (e) => log.push(e),
  });
}

describe('LegacySession after the server lost the session (HTTP 404)', () => {
  it('starts a new session when the answer to a pushed request gets 404, and does not post the answer again', async () => {
    const server = restartingServer((call) =>
      call.body?.method === 'tools/list'
        ? json({ jsonrpc: '2.0', id: call.body.id, result: { tools: [] } })
        : new Response(null, { status: 202 }),
    );
    const log: LegacyExchange[] = [];
    const s = session(server.fetch, log);
    await s.initialize();
    server.restart();
    const answer = await s.respond(
      { id: 'srv-1', method: 'elicitation/create' },
      '{"jsonrpc":"2.0","id":"srv-1","result":{}}',
    );
    expect(answer.response?.status).toBe(404);
    expect(log.map((e) => e.label)).toContain('answer elicitation/create (session gone: HTTP 404)');
    expect(server.inits()).toHaveLength(2);
    expect(s.sessionId).toBe('sess-2');
    // the answer went once, to the session that is gone; what comes next goes to the new one
    expect(server.calls.filter((c) => c.body?.id === 'srv-1')).toHaveLength(1);
    await s.request('tools/list', {}, async () => null);
    expect(server.calls.at(-1)!.sessionId).toBe('sess-2');
  });

  it('starts a new session when a notification gets 404', async () => {
    const server = restartingServer();
    const s = session(server.fetch);
    await s.initialize();
    server.restart();
    const sent = await s.notify('notifications/roots/list_changed');
    expect(sent.response?.status).toBe(404);
    expect(server.inits()).toHaveLength(2);
    expect(s.sessionId).toBe('sess-2');
    await s.notify('notifications/roots/list_changed');
    expect(server.calls.at(-1)).toMatchObject({
      sessionId: 'sess-2',
      body: { method: 'notifications/roots/list_changed' },
    });
  });

  it('starts one new session for two requests that both get 404, and sends both again in it', async () => {
    const server = restartingServer((call) =>
      json({ jsonrpc: '2.0', id: call.body!.id, result: { ok: call.body!.method } }),
    );
    const s = session(server.fetch);
    await s.initialize();
    server.restart();
    const [a, b] = await Promise.all([
      s.request('tools/list', {}, async () => null),
      s.request('prompts/list', {}, async () => null),
    ]);
    expect(a.result).toEqual({ ok: 'tools/list' });
    expect(b.result).toEqual({ ok: 'prompts/list' });
    expect(server.inits()).toHaveLength(2);
    expect(s.sessionId).toBe('sess-2');
    const resent = server.calls.filter((c) => c.sessionId === 'sess-2' && c.body?.method?.endsWith('/list'));
    expect(resent.map((c) => c.body!.method).sort()).toEqual(['prompts/list', 'tools/list']);
  });

  it('posts the answer to a request the old session pushed to that session, never to the new one', async () => {
    let pushedOnce = false;
    const server = restartingServer((call) => {
      if (call.body?.method === 'tools/call' && !pushedOnce) {
        pushedOnce = true;
        // the call's stream pushes an elicitation (id 0) and ends; the response would come later
        return new Response(
          'data: {"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{"message":"?"}}\n\n',
          {
            headers: { 'content-type': 'text/event-stream' },
          },
        );
      }
      if (call.body?.method === 'tools/list') return json({ jsonrpc: '2.0', id: call.body.id, result: { tools: [] } });
      return new Response(null, { status: 202 });
    });
    const s = session(server.fetch);
    await s.initialize();
    const call = new LegacyCall(s, 'tools/call', { name: 't' }, new AbortController().signal, () => 0);
    const step = await call.next();
    expect(step.kind).toBe('pushed');
    // the server restarts; another request finds out and starts a new session before the user answers
    server.restart();
    await s.request('tools/list', {}, async () => null);
    expect(s.sessionId).toBe('sess-2');
    const answer = await call.respond(0, '{"jsonrpc":"2.0","id":0,"result":{"action":"decline"}}');
    // the new session never asked request 0: the answer goes to the session that did, which is gone
    expect(server.calls.at(-1)).toMatchObject({ sessionId: 'sess-1', body: { id: 0 } });
    expect(answer.response?.status).toBe(404);
    expect(server.inits()).toHaveLength(2);
    expect(s.sessionId).toBe('sess-2');
  });

  it('remembers which session asked a request answered later by id alone (a request on the session stream)', async () => {
    const server = restartingServer((call) => {
      if (call.method === 'GET')
        return new Response('data: {"jsonrpc":"2.0","id":5,"method":"roots/list"}\n\n', {
          headers: { 'content-type': 'text/event-stream' },
        });
      if (call.body?.method === 'tools/list') return json({ jsonrpc: '2.0', id: call.body.id, result: { tools: [] } });
      return new Response(null, { status: 202 });
    });
    const s = session(server.fetch);
    await s.initialize();
    await s.listenOnce(async () => null, new AbortController().signal);
    server.restart();
    await s.request('tools/list', {}, async () => null);
    expect(s.sessionId).toBe('sess-2');
    await s.respond({ id: 5, method: 'roots/list' }, '{"jsonrpc":"2.0","id":5,"result":{"roots":[]}}');
    expect(server.calls.at(-1)).toMatchObject({ sessionId: 'sess-1', body: { id: 5 } });
  });

  it('starts a new session when the standalone stream gets 404, and opens that stream again in it', async () => {
    const server = restartingServer((call) =>
      call.method === 'GET' ? new Response(null, { status: 405 }) : new Response(null, { status: 202 }),
    );
    const s = session(server.fetch);
    await s.initialize();
    s.onRenewed = () => openStandalone(s);
    server.restart();
    openStandalone(s);
    await vi.waitFor(() => expect(server.calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    const gets = server.calls.filter((c) => c.method === 'GET');
    expect(gets.map((c) => c.sessionId)).toEqual(['sess-1', 'sess-2']);
    expect(server.inits()).toHaveLength(2);
  });
});
