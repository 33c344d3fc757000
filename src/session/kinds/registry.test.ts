import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../protocol/exchange.ts';
import { plainSent, type Conversation, type Leg, type SessionState } from '../model.ts';
import { kindOf, withKinds } from './registry.ts';

const exchange = (headers: [string, string][] = []): Exchange => ({
  request: { url: 'http://s/mcp', method: 'POST', headers, body: '{}' },
  startedAt: 0,
  durationMs: 1,
});

function saved(c: Partial<Conversation>, legs: Partial<Leg>[] = []): SessionState {
  const conversation = {
    id: 'c1',
    title: 't',
    method: 'tools/call',
    serverUrl: 'http://s/mcp',
    createdAt: 0,
    params: {},
    legIds: legs.map((_, i) => `l${i}`),
    ...c,
  } as Conversation;
  const out: SessionState = { conversations: { c1: conversation }, order: ['c1'], legs: {}, nextRpcId: 1 };
  legs.forEach((l, i) => {
    out.legs[`l${i}`] = {
      id: `l${i}`,
      conversationId: 'c1',
      rpcId: i,
      exchange: exchange(),
      outcome: { kind: 'invalid', reason: 'x' },
      sent: plainSent({}, {}),
      ...l,
    };
  });
  return out;
}

const kindAfterLoad = (state: SessionState) => withKinds(state).conversations.c1?.kind;

describe('the kind of a conversation saved before kinds existed', () => {
  it('is read from what the conversation holds', () => {
    const { kind: _none, ...bare } = saved({}).conversations.c1!;
    expect(kindAfterLoad(saved(bare))).toBe('call');
    expect(kindAfterLoad(saved({ task: { taskId: 't', answeredKeys: [] } }))).toBe('task');
    expect(kindAfterLoad(saved({ task: { taskId: 't', answeredKeys: [], era: '2025-11-25' } }))).toBe('legacy-task');
    expect(kindAfterLoad(saved({ watched: { proxyId: 'p', client: 'c' } }))).toBe('watched-call');
    expect(kindAfterLoad(saved({ watched: { proxyId: 'p', client: 'c' }, method: 'watched/traffic' }))).toBe(
      'watched-traffic',
    );
  });

  it('is a call over a session when its legs carried a session id or a pushed request', () => {
    expect(kindAfterLoad(saved({}, [{ exchange: exchange([['mcp-session-id', 's1']]) }]))).toBe('legacy-call');
    const pushed = { id: 1, method: 'roots/list', key: 'roots/list #1' };
    expect(kindAfterLoad(saved({}, [{ exchange: exchange(), pushed }]))).toBe('legacy-call');
    expect(kindAfterLoad(saved({}, [{ exchange: exchange(), pushed: { ...pushed, onSession: true } }]))).toBe(
      'pushed-request',
    );
  });

  it('keeps a known kind, and never takes an object member for one', () => {
    expect(kindAfterLoad(saved({ kind: 'task' }))).toBe('task');
    const hostile = saved({ kind: 'constructor' as never });
    expect(kindAfterLoad(hostile)).toBe('call');
    expect(kindOf({ kind: 'toString' as never }).id).toBe('call');
  });
});
