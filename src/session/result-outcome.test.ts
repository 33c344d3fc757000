import { describe, expect, it } from 'vitest';
import type { Exchange } from '../protocol/exchange.ts';
import type { SessionEvent } from './events.ts';
import { emptySession, type SessionState } from './model.ts';
import { reduce } from './reducer.ts';
import { resultOutcome } from './kinds/task/task-view.ts';

const URL = 'http://127.0.0.1:1/mcp';

function callAnswered(version: string): SessionState {
  const message = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'Echo: hi' }] } };
  const body = JSON.stringify(message);
  const exchange: Exchange = {
    request: {
      url: URL,
      method: 'POST',
      headers: [['mcp-protocol-version', version]],
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } }),
    },
    response: { status: 200, statusText: 'OK', headers: [], contentType: 'application/json', body, size: body.length },
    message,
    startedAt: 0,
    durationMs: 5,
  };
  const events: SessionEvent[] = [
    {
      type: 'conversation/started',
      kind: 'call',
      id: 'c1',
      title: 'echo',
      method: 'tools/call',
      params: { name: 'echo' },
      serverUrl: URL,
      capabilities: {},
      at: 0,
    },
    {
      type: 'leg/recorded',
      conversationId: 'c1',
      legId: 'l1',
      rpcId: 1,
      exchange,
      sent: {
        answeredKeys: [],
        unansweredKeys: [],
        requestStateEdited: false,
        bodyEdited: false,
        capabilities: {},
        params: { name: 'echo' },
      },
    },
  ];
  return events.reduce(reduce, emptySession);
}

describe('the Result of a call', () => {
  it('notes a 2026-07-28 result that has no resultType', () => {
    const s = callAnswered('2026-07-28');
    expect(resultOutcome(s, s.conversations.c1!)).toMatchObject({ kind: 'complete', resultTypeMissing: true });
  });

  it('does not hold a 2025-11-25 result to a member that revision does not have', () => {
    const s = callAnswered('2025-11-25');
    expect(resultOutcome(s, s.conversations.c1!)).toMatchObject({ kind: 'complete', resultTypeMissing: false });
  });
});
