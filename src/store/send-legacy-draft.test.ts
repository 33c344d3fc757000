import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../client/send-leg.ts';
import { conversationStatus } from '../session/selectors.ts';
import { connectedLegacyStore, json } from './legacy-store.fixtures.ts';

const URL = 'http://restarted/mcp';

/** A 2025-11-25 server that restarted after the first initialize: it answers 404 to the first session's id. */
function restartedServer() {
  let sessions = 0;
  const fetch: FetchLike = async (_url, init) => {
    const headers = Object.fromEntries((init.headers as [string, string][]).map(([k, v]) => [k.toLowerCase(), v]));
    const body = init.body ? (JSON.parse(String(init.body)) as { id?: number; method?: string }) : undefined;
    if (body?.method === 'initialize') {
      sessions++;
      return json(
        { jsonrpc: '2.0', id: body.id, result: { protocolVersion: '2025-11-25', capabilities: {} } },
        { 'mcp-session-id': `s-${sessions}` },
      );
    }
    if (headers['mcp-session-id'] === 's-1' && body?.method === 'tools/call')
      return new Response('Session not found', { status: 404 });
    if (body?.method === 'tools/call')
      return json({ jsonrpc: '2.0', id: body.id, result: { content: [{ type: 'text', text: 'Echo: hi' }] } });
    return new Response(null, { status: 202 });
  };
  return { fetch };
}

describe('a 2025-11-25 call whose session the server lost', () => {
  it('shows the 404 as a leg of the call, then the call resent in a new session, complete', async () => {
    const { fetch } = restartedServer();
    const { store, eras } = await connectedLegacyStore(URL, fetch);
    const id = await store
      .getState()
      .startCall({ method: 'tools/call', title: 'echo', params: { name: 'echo', arguments: { message: 'hi' } } });
    const state = store.getState().session;
    const c = state.conversations[id]!;
    const legs = c.legIds.map((l) => state.legs[l]!);
    expect(legs.map((l) => l.exchange.response?.status)).toEqual([404, 200]);
    expect(legs[1]!.exchange.request.headers).toContainEqual(['mcp-session-id', 's-2']);
    expect(conversationStatus(state, c)).toBe('complete');
    expect(eras.exchanges.map((e) => e.label)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/call (session gone: HTTP 404)',
      'initialize',
      'notifications/initialized',
      'tools/call',
    ]);
  });
});
