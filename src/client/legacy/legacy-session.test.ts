import { describe, expect, it } from 'vitest';
import { LegacySession, type LegacyExchange } from './legacy-session.ts';

type Call = { method: string; headers: Record<string, string>; body?: string };

/** A scripted 2025 server: each answer is produced from the request it gets. */
function fakeServer(answer: (call: Call, n: number) => Response) {
  const calls: Call[] = [];
  const fetch = async (_url: string, init: RequestInit) => {
    const headers = Object.fromEntries((init.headers as [string, string][]).map(([k, v]) => [k.toLowerCase(), v]));
    const call: Call = { method: init.method ?? 'GET', headers, body: init.body as string | undefined };
    calls.push(call);
    return answer(call, calls.length);
  };
  return { calls, fetch };
}

const sse = (text: string, headers: Record<string, string> = {}) =>
  new Response(text, { headers: { 'content-type': 'text/event-stream', ...headers } });
const json = (value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json', ...headers } });

function initialized(call: Call): Response | undefined {
  const body = call.body ? JSON.parse(call.body) : undefined;
  if (body?.method === 'initialize')
    return json(
      {
        jsonrpc: '2.0',
        id: body.id,
        result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's' } },
      },
      { 'mcp-session-id': 'sess-1' },
    );
  if (body?.method === 'notifications/initialized') return new Response(null, { status: 202 });
  return undefined;
}

describe('LegacySession', () => {
  it('sends Mcp-Session-Id and MCP-Protocol-Version on every request after initialize', async () => {
    const server = fakeServer((call) => initialized(call) ?? json({ jsonrpc: '2.0', id: 2, result: { tools: [] } }));
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
    });
    await s.initialize();
    await s.request('tools/list', {}, async () => ({ result: {} }));
    expect(server.calls[0]!.headers['mcp-session-id']).toBeUndefined();
    expect(server.calls[1]!.headers).toMatchObject({
      'mcp-session-id': 'sess-1',
      'mcp-protocol-version': '2025-11-25',
    });
    expect(server.calls[2]!.headers).toMatchObject({
      'mcp-session-id': 'sess-1',
      'mcp-protocol-version': '2025-11-25',
    });
  });

  it('resumes with GET and Last-Event-ID after the retry delay when the stream closes before the response', async () => {
    const waits: number[] = [];
    const server = fakeServer((call) => {
      const early = initialized(call);
      if (early) return early;
      if (call.method === 'POST') return sse('id: e-1\nretry: 500\ndata: \n\n');
      return sse('id: e-2\ndata: {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"done"}]}}\n\n');
    });
    const log: LegacyExchange[] = [];
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
      sleep: async (ms) => void waits.push(ms),
      onExchange: (e) => log.push(e),
    });
    await s.initialize();
    const res = await s.request('tools/call', { name: 't' }, async () => ({ result: {} }));
    expect(res.result).toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect(waits).toEqual([500]);
    const resume = server.calls[3]!;
    expect(resume.method).toBe('GET');
    expect(resume.headers['last-event-id']).toBe('e-1');
    expect(log.map((e) => e.label)).toContain('GET (resume after e-1)');
  });

  it('posts the answer to a pushed request as a JSON-RPC response with the same id', async () => {
    const server = fakeServer((call) => {
      const early = initialized(call);
      if (early) return early;
      const body = JSON.parse(call.body!);
      if (body.method === 'tools/call')
        return sse(
          'id: 1\ndata: {"jsonrpc":"2.0","id":"srv-7","method":"elicitation/create","params":{"message":"Name?"}}\n\n' +
            'id: 2\ndata: {"jsonrpc":"2.0","id":2,"result":{"content":[]}}\n\n',
        );
      return new Response(null, { status: 202 });
    });
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
    });
    await s.initialize();
    await s.request('tools/call', { name: 't' }, async (r) => {
      expect(r).toEqual({ id: 'srv-7', method: 'elicitation/create', params: { message: 'Name?' } });
      return { result: { action: 'decline' } };
    });
    expect(JSON.parse(server.calls[3]!.body!)).toEqual({ jsonrpc: '2.0', id: 'srv-7', result: { action: 'decline' } });
  });

  it('marks an answer to a request about a task with that task (related-task in the result _meta)', async () => {
    const related = '"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t-1"}}';
    const server = fakeServer((call) => {
      const early = initialized(call);
      if (early) return early;
      const body = JSON.parse(call.body!);
      if (body.method === 'tasks/result')
        return sse(
          `id: 1\ndata: {"jsonrpc":"2.0","id":"srv-1","method":"sampling/createMessage","params":{"messages":[],${related}}}\n\n` +
            'id: 2\ndata: {"jsonrpc":"2.0","id":2,"result":{"content":[]}}\n\n',
        );
      return new Response(null, { status: 202 });
    });
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
    });
    await s.initialize();
    await s.request('tasks/result', { taskId: 't-1' }, async () => ({ result: { role: 'assistant' } }));
    expect(JSON.parse(server.calls[3]!.body!)).toEqual({
      jsonrpc: '2.0',
      id: 'srv-1',
      result: { role: 'assistant', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't-1' } } },
    });
  });

  it('throws a readable error naming the status when initialize is refused', async () => {
    const server = fakeServer(() => new Response('nope', { status: 404 }));
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
    });
    await expect(s.initialize()).rejects.toThrow('initialize failed (HTTP 404)');
  });

  it('re-initializes without the session id and resends the request when the server answers 404 to the session', async () => {
    let sessions = 0;
    const server = fakeServer((call) => {
      const body = call.body ? JSON.parse(call.body) : undefined;
      if (body?.method === 'initialize') {
        sessions++;
        return json(
          { jsonrpc: '2.0', id: body.id, result: { protocolVersion: '2025-11-25', capabilities: {} } },
          { 'mcp-session-id': `sess-${sessions}` },
        );
      }
      if (body?.method === 'notifications/initialized') return new Response(null, { status: 202 });
      // the first session is gone (the server restarted): 404 to anything that names it
      if (call.headers['mcp-session-id'] === 'sess-1') return new Response('session not found', { status: 404 });
      return json({ jsonrpc: '2.0', id: body.id, result: { tools: [] } });
    });
    const log: LegacyExchange[] = [];
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
      onExchange: (e) => log.push(e),
    });
    await s.initialize();
    const res = await s.request('tools/list', {}, async () => ({ result: {} }));
    expect(res.result).toEqual({ tools: [] });
    expect(s.sessionId).toBe('sess-2');
    // both steps are on the record: the 404, the new initialize (no session id), then the request resent
    expect(log.map((e) => e.label)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list (session gone: HTTP 404)',
      'initialize',
      'notifications/initialized',
      'tools/list',
    ]);
    const reinit = server.calls[3]!;
    expect(JSON.parse(reinit.body!).method).toBe('initialize');
    expect(reinit.headers['mcp-session-id']).toBeUndefined();
    expect(server.calls[5]!.headers['mcp-session-id']).toBe('sess-2');
  });

  it('keeps the Last-Event-ID across a resumption whose stream carried no new id', async () => {
    let gets = 0;
    const server = fakeServer((call) => {
      const early = initialized(call);
      if (early) return early;
      if (call.method === 'POST') return sse('id: e-1\nretry: 10\ndata: \n\n');
      gets++;
      // the first resumption ends at once with nothing, the second brings the response
      if (gets === 1) return sse('');
      return sse('id: e-2\ndata: {"jsonrpc":"2.0","id":2,"result":{"ok":true}}\n\n');
    });
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
      sleep: async () => undefined,
    });
    await s.initialize();
    const res = await s.request('tools/call', { name: 't' }, async () => ({ result: {} }));
    expect(res.result).toEqual({ ok: true });
    const resumes = server.calls.filter((c) => c.method === 'GET');
    expect(resumes.map((c) => c.headers['last-event-id'])).toEqual(['e-1', 'e-1']);
  });

  it('tells the server with notifications/cancelled when the caller aborts a request in flight', async () => {
    const stop = new AbortController();
    const server = fakeServer((call) => {
      const early = initialized(call);
      if (early) return early;
      const body = call.body ? JSON.parse(call.body) : undefined;
      if (body?.method === 'tools/call') {
        // a stream that never ends: the caller aborts it
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('id: 1\ndata: \n\n'));
            setTimeout(() => stop.abort(), 5);
          },
        });
        return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
      }
      return new Response(null, { status: 202 });
    });
    const fetch: typeof server.fetch = (url, init) => {
      const res = server.fetch(url, init);
      const signal = init.signal;
      // a real fetch rejects its body read on abort; the fake ends the body with an error the same way
      return res.then((r) => {
        if (!signal || !r.body) return r;
        const reader = r.body.getReader();
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const aborted = new Promise<never>((_, reject) =>
              signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            );
            const { value, done } = await Promise.race([reader.read(), aborted]);
            if (done) controller.close();
            else controller.enqueue(value);
          },
        });
        return new Response(body, { headers: r.headers, status: r.status });
      });
    };
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
      sleep: async () => undefined,
    });
    await s.initialize();
    await expect(s.request('tools/call', { name: 'slow' }, async () => null, stop.signal)).rejects.toThrow();
    const cancelled = server.calls.map((c) => (c.body ? JSON.parse(c.body) : {})).at(-1);
    expect(cancelled).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 2, reason: 'aborted in the inspector' },
    });
  });

  it('stops a direct response past the size cap, says so, resumes nothing, and the session goes on', async () => {
    const big = `id: e1\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x'.repeat(5_000) } })}\n\n`;
    const server = fakeServer((call) => {
      const body = call.body ? JSON.parse(call.body) : undefined;
      if (body?.method === 'tools/call') return sse(big);
      if (body?.method === 'tools/list') return json({ jsonrpc: '2.0', id: body.id, result: { tools: [] } });
      return initialized(call) ?? new Response(null, { status: 405 });
    });
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
      maxResponseBytes: 1_000,
      sleep: async () => undefined,
    });
    await s.initialize();
    const failed = await s.request('tools/call', { name: 'big' }, async () => null).catch((e: unknown) => e);
    expect((failed as Error).message).toContain('grew past the 1000 bytes cap on a direct response');
    expect(server.calls.filter((c) => c.method === 'GET')).toHaveLength(0);
    await expect(s.request('tools/list', {}, async () => null)).resolves.toMatchObject({ result: { tools: [] } });
  });

  it('does not read a direct JSON response whose Content-Length is over the cap', async () => {
    const server = fakeServer((call) => {
      const body = call.body ? JSON.parse(call.body) : undefined;
      if (body?.method === 'tools/call') {
        const answer = {
          jsonrpc: '2.0',
          id: body.id,
          result: { content: [{ type: 'text', text: 'x'.repeat(5_000) }] },
        };
        return json(answer, { 'content-length': String(JSON.stringify(answer).length) });
      }
      return initialized(call) ?? new Response(null, { status: 405 });
    });
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
      maxResponseBytes: 1_000,
    });
    await s.initialize();
    const failed = await s.request('tools/call', { name: 'big' }, async () => null).catch((e: unknown) => e);
    expect((failed as Error).message).toMatch(
      /declared a response of \d+ bytes \(Content-Length\), over the 1000 bytes cap/,
    );
  });

  it('stops a direct JSON response that grows past the cap with no Content-Length, saying so', async () => {
    const server = fakeServer((call) => {
      const body = call.body ? JSON.parse(call.body) : undefined;
      if (body?.method === 'tools/call')
        return json({ jsonrpc: '2.0', id: body.id, result: { content: [{ type: 'text', text: 'x'.repeat(5_000) }] } });
      return initialized(call) ?? new Response(null, { status: 405 });
    });
    const exchanges: LegacyExchange[] = [];
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
      maxResponseBytes: 1_000,
      onExchange: (e) => exchanges.push(e),
    });
    await s.initialize();
    const failed = await s.request('tools/call', { name: 'big' }, async () => null).catch((e: unknown) => e);
    expect((failed as Error).message).toContain('grew past the 1000 bytes cap on a direct response');
    const recorded = exchanges.at(-1)!.exchange;
    expect(recorded.response?.size).toBe(1_000);
    expect(recorded.message).toBeUndefined();
  });

  it('says the connection dropped when a JSON response breaks off, keeping what came', async () => {
    const server = fakeServer((call) => {
      const body = call.body ? JSON.parse(call.body) : undefined;
      if (body?.method === 'tools/call') {
        let pulls = 0;
        const broken = new ReadableStream<Uint8Array>({
          pull(c) {
            pulls += 1;
            if (pulls === 1) c.enqueue(new TextEncoder().encode('{"jsonrpc":"2.0","id":'));
            else c.error(new Error('socket hang up'));
          },
        });
        return new Response(broken, { headers: { 'content-type': 'application/json' } });
      }
      return initialized(call) ?? new Response(null, { status: 405 });
    });
    const exchanges: LegacyExchange[] = [];
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
      onExchange: (e) => exchanges.push(e),
    });
    await s.initialize();
    const failed = await s.request('tools/call', { name: 't' }, async () => null).catch((e: unknown) => e);
    expect((failed as Error).message).toContain('the connection dropped while reading the body: socket hang up');
    expect(exchanges.at(-1)!.exchange.response?.body).toBe('{"jsonrpc":"2.0","id":');
  });

  it('carries a new Authorization on its next request and on a resumed GET stream once it is given one', async () => {
    const server = fakeServer((call) => {
      const body = call.body ? JSON.parse(call.body) : undefined;
      if (body?.method === 'tools/call')
        return sse('id: e1\nretry: 0\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{}}\n\n');
      if (call.method === 'GET') return sse('id: e2\ndata: {"jsonrpc":"2.0","id":2,"result":{"content":[]}}\n\n');
      return initialized(call) ?? new Response(null, { status: 202 });
    });
    const s = new LegacySession({
      url: 'http://x/mcp',
      fetch: server.fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
      headers: { Authorization: 'Bearer old', 'x-custom': 'kept' },
      sleep: async () => undefined,
    });
    await s.initialize();
    s.authorize('Bearer new');
    await s.request('tools/call', { name: 't' }, async () => null);
    const after = server.calls.slice(2);
    expect(after.map((c) => c.method)).toEqual(['POST', 'GET']);
    for (const call of after) {
      expect(call.headers.authorization).toBe('Bearer new');
      expect(call.headers['x-custom']).toBe('kept');
    }
    s.authorize(undefined);
    await s.notify('notifications/roots/list_changed');
    expect(server.calls.at(-1)!.headers.authorization).toBeUndefined();
  });
});
