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
});
