import { describe, expect, it } from 'vitest';
import { headerValue } from '../../../protocol/exchange.ts';
import { composeRequest, type ConnectionContext } from '../../compose.ts';
import { emptySession } from '../../model.ts';
import { reduce } from '../../reducer.ts';

const URL = 'http://127.0.0.1:1/mcp';
/** A connection that is a 2025-11-25 session: its id, its version, and the id its next request will carry. */
const LEGACY: ConnectionContext = {
  url: URL,
  protocolVersion: '2026-07-28',
  clientInfo: { name: 'inspector', version: '1' },
  authorization: 'Bearer t',
  headers: { 'x-team': 'blue' },
  sessionId: 'sess-1',
  handshake: { protocolVersion: '2025-11-25', nextId: 5 },
};

function firstLeg(ctx: ConnectionContext) {
  const state = reduce(emptySession, {
    type: 'conversation/started',
    kind: 'legacy-call',
    id: 'c1',
    title: 'provision',
    method: 'tools/call',
    params: { name: 'provision', arguments: { name: 'orders' } },
    serverUrl: URL,
    capabilities: { elicitation: { form: {} } },
    at: 0,
    requestOptions: { progressToken: 'p-1', logLevel: 'info' },
  });
  const c = state.conversations.c1!;
  return composeRequest(c, c.draft!, ctx);
}

describe('the composer preview of a 2025-11-25 call', () => {
  it('shows the plain JSON-RPC request the session sends: its next id, the params and no 2026-07-28 envelope', () => {
    const composed = firstLeg(LEGACY);
    expect(JSON.parse(composed.body)).toEqual({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      // the progress token goes in _meta (basic/utilities/progress); a log level is no request option there
      params: { name: 'provision', arguments: { name: 'orders' }, _meta: { progressToken: 'p-1' } },
    });
  });

  it('shows the session headers: Mcp-Session-Id and the negotiated version, no Mcp-Method or Mcp-Name', () => {
    const { headers } = firstLeg(LEGACY);
    expect(headerValue(headers, 'mcp-session-id')).toBe('sess-1');
    expect(headerValue(headers, 'mcp-protocol-version')).toBe('2025-11-25');
    expect(headerValue(headers, 'authorization')).toBe('Bearer t');
    expect(headerValue(headers, 'x-team')).toBe('blue');
    expect(headerValue(headers, 'mcp-method')).toBeUndefined();
    expect(headerValue(headers, 'mcp-name')).toBeUndefined();
  });

  it('keeps the 2026-07-28 envelope when the connection is not a 2025-11-25 session', () => {
    const { handshake: _handshake, sessionId: _sid, ...modern } = LEGACY;
    const composed = firstLeg(modern);
    expect(headerValue(composed.headers, 'mcp-method')).toBe('tools/call');
    expect(JSON.parse(composed.body).params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
  });
});
