import { describe, expect, it, vi } from 'vitest';
import { LegacySession } from './legacy-session.ts';
import { answerWithoutCall, openStandalone } from './standalone.ts';

describe('answerWithoutCall', () => {
  it('answers a ping with an empty result when no call is in flight', () => {
    expect(answerWithoutCall({ id: 1, method: 'ping' })).toEqual({ result: {} });
  });
  it('refuses anything else with a JSON-RPC error naming the method when no call is in flight', () => {
    const a = answerWithoutCall({ id: 2, method: 'roots/list' });
    expect('error' in a && a.error.code).toBe(-32601);
    expect('error' in a && a.error.message).toContain('roots/list');
  });
});

describe('openStandalone', () => {
  const initialize = (body: { id: number }) =>
    new Response(
      JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { protocolVersion: '2025-11-25', capabilities: {} } }),
      {
        headers: { 'content-type': 'application/json', 'mcp-session-id': 's' },
      },
    );

  it('opens the stream again when the server closes it, resuming after the last event id it carried', async () => {
    const gets: (string | undefined)[] = [];
    const methods: string[] = [];
    const s = new LegacySession({
      url: 'http://x/mcp',
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
      sleep: async () => undefined,
      fetch: async (_url, init) => {
        const headers = Object.fromEntries(init.headers as [string, string][]);
        if (init.method !== 'GET') {
          const body = JSON.parse(String(init.body)) as { id: number; method: string };
          return body.method === 'initialize' ? initialize(body) : new Response(null, { status: 202 });
        }
        gets.push(headers['last-event-id']);
        // the first stream carries one event and closes; the second carries a request; the third is refused
        if (gets.length === 1)
          return new Response('id: g-1\ndata: \n\n', { headers: { 'content-type': 'text/event-stream' } });
        if (gets.length === 2)
          return new Response('id: g-2\ndata: {"jsonrpc":"2.0","id":9,"method":"ping"}\n\n', {
            headers: { 'content-type': 'text/event-stream' },
          });
        return new Response(null, { status: 405 });
      },
    });
    await s.initialize();
    s.sessionHandler = async (request) => {
      methods.push(request.method);
      return { result: {} };
    };
    openStandalone(s);
    await vi.waitFor(() => expect(gets).toHaveLength(3));
    expect(gets).toEqual([undefined, 'g-1', 'g-2']);
    expect(methods).toEqual(['ping']);
  });
});
