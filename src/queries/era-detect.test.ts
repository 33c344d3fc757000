import { describe, expect, it } from 'vitest';
import { EraConnections } from '../client/legacy/era-connections.ts';
import { detectEra, legacyRequest } from './era-detect.ts';

type Call = { method: string; body: { method?: string; id?: number } | undefined; sessionId?: string };

const json = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A 2025-11-25-only server: it refuses server/discover with a plain 400, like SDK servers before 2026-07-28. */
function legacyServer() {
  const calls: Call[] = [];
  const fetch = async (_url: string, init: RequestInit) => {
    const headers = new Headers(init.headers as [string, string][]);
    const body = init.body ? JSON.parse(init.body as string) : undefined;
    const call: Call = { method: init.method ?? 'GET', body };
    const sid = headers.get('mcp-session-id');
    if (sid) call.sessionId = sid;
    calls.push(call);
    if (call.method === 'DELETE') return new Response(null, { status: 200 });
    if (call.method === 'GET') {
      // the standalone stream stays open (a priming event, then nothing) until the client aborts it
      const signal = init.signal;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('id: p-1\ndata: \n\n'));
          signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
    }
    if (body?.method === 'server/discover')
      return json(
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Bad Request: Server not initialized' } },
        400,
      );
    if (body?.method === 'initialize')
      return json(
        {
          jsonrpc: '2.0',
          id: body.id,
          result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'old' } },
        },
        200,
        { 'mcp-session-id': 'sess-42' },
      );
    if (body?.method === 'notifications/initialized') return new Response(null, { status: 202 });
    return json({
      jsonrpc: '2.0',
      id: body?.id,
      result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] },
    });
  };
  return { calls, fetch };
}

describe('detectEra', () => {
  it('falls back to a 2025-11-25 session when server/discover gets a 400 that is not a 2026 error', async () => {
    const server = legacyServer();
    const eras = new EraConnections();
    const env = {
      ctx: { url: 'http://s/mcp' },
      fetch: server.fetch,
      viaRelay: false,
      nonce: 1,
      era: 'auto' as const,
      eras,
    };
    const detected = await detectEra(env);
    expect(detected.era).toBe('legacy');
    expect(detected.era === 'legacy' && detected.session.sessionId).toBe('sess-42');
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body?.method)).toEqual([
      'server/discover',
      'initialize',
      'notifications/initialized',
    ]);
    // then the standalone GET stream, on the session, for requests the server pushes outside a call's stream
    expect(server.calls.find((c) => c.method === 'GET')?.sessionId).toBe('sess-42');
    // the list queries share the same detection and speak over the session
    expect(await detectEra(env)).toBe(detected);
    const session = eras.legacyFor('http://s/mcp');
    expect(session).toBeDefined();
    const result = await legacyRequest(session!, 'tools/list', {});
    expect(result.tools).toHaveLength(1);
    expect(server.calls.at(-1)?.sessionId).toBe('sess-42');
  });

  it('tells the recorder about discover, initialize and the lists but not a call when a connection falls back', async () => {
    const server = legacyServer();
    const eras = new EraConnections();
    const recorded: [string, number | undefined][] = [];
    const env = {
      ctx: { url: 'http://s/mcp' },
      fetch: server.fetch,
      viaRelay: false,
      nonce: 1,
      era: 'auto' as const,
      eras,
      record: (method: string, exchange: { response?: { status: number } }) =>
        recorded.push([method, exchange.response?.status]),
    };
    await detectEra(env);
    const session = eras.legacyFor('http://s/mcp')!;
    await legacyRequest(session, 'tools/list', {});
    await legacyRequest(session, 'tools/call', { name: 'echo' });
    expect(recorded).toEqual([
      ['server/discover', 400],
      ['initialize', 200],
      ['notifications/initialized', 202],
      ['tools/list', 200],
    ]);
  });

  it("hands the notifications a session's server sends to whoever reads them, with the session's url", async () => {
    const server = legacyServer();
    const note = { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { taskId: 't1', status: 'working' } };
    const fetch = async (url: string, init: RequestInit) => {
      const body = init.body ? (JSON.parse(init.body as string) as { method?: string; id?: number }) : undefined;
      if (body?.method !== 'tools/call') return server.fetch(url, init);
      const events = [note, { jsonrpc: '2.0', id: body.id, result: { content: [] } }];
      const text = events.map((m) => `data: ${JSON.stringify(m)}\n\n`).join('');
      return new Response(text, { headers: { 'content-type': 'text/event-stream' } });
    };
    const eras = new EraConnections();
    const heard: [string, unknown][] = [];
    eras.onSessionNotified = (url, message) => heard.push([url, message]);
    await detectEra({ ctx: { url: 'http://s/mcp' }, fetch, viaRelay: false, nonce: 1, era: '2025-11-25', eras });
    await legacyRequest(eras.legacyFor('http://s/mcp')!, 'tools/call', { name: 'echo' });
    expect(heard).toEqual([['http://s/mcp', note]]);
    await eras.close();
  });

  it('ends the session with DELETE when the connection closes', async () => {
    const server = legacyServer();
    const eras = new EraConnections();
    await detectEra({
      ctx: { url: 'http://s/mcp' },
      fetch: server.fetch,
      viaRelay: false,
      nonce: 1,
      era: '2025-11-25',
      eras,
    });
    // pinned: no server/discover at all
    expect(server.calls[0]?.body?.method).toBe('initialize');
    const ended = await eras.close();
    // the standalone stream ends as the session closes; the answer reported is the DELETE's
    expect(ended?.label).toBe('DELETE (end session)');
    expect(ended?.exchange.response?.status).toBe(200);
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', sessionId: 'sess-42' });
    expect(eras.legacyFor('http://s/mcp')).toBeUndefined();
  });

  it('stays on 2026-07-28 and reports the discover failure when initialize fails too', async () => {
    const fetch = async () => new Response('not here', { status: 404, headers: { 'content-type': 'text/plain' } });
    const eras = new EraConnections();
    const detected = await detectEra({
      ctx: { url: 'http://s/mcp' },
      fetch,
      viaRelay: false,
      nonce: 1,
      era: 'auto',
      eras,
    });
    expect(detected.era).toBe('modern');
    expect(String(detected.discoverError)).toMatch(/404/);
  });
});
