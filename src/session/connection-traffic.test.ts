import { describe, expect, it } from 'vitest';
import type { Exchange } from '../protocol/exchange.ts';
import {
  appendConnectionLeg,
  CONNECTION_CONVERSATION_ID,
  connectionLeg,
  MAX_CONNECTION_LEGS,
  withConnectionTraffic,
} from './connection-traffic.ts';
import { sessionWith } from './timeline/timeline.fixtures.ts';
import { timelineRows } from './timeline/timeline-rows.ts';

function exchange(body: object, answer?: { status: number; body: string }): Exchange {
  const ex: Exchange = {
    request: { url: 'http://127.0.0.1:8765/mcp', method: 'POST', headers: [], body: JSON.stringify(body) },
    startedAt: 1000,
    durationMs: 12,
  };
  if (!answer) {
    ex.failure = { kind: 'network', message: 'Failed to fetch' };
    return ex;
  }
  ex.response = {
    status: answer.status,
    statusText: '',
    headers: [],
    contentType: 'application/json',
    body: answer.body,
    size: answer.body.length,
  };
  try {
    ex.message = JSON.parse(answer.body);
  } catch {
    // an empty body carries no message
  }
  return ex;
}

const discover = { jsonrpc: '2.0', id: 'list-1', method: 'server/discover', params: {} };
const discovered = JSON.stringify({
  jsonrpc: '2.0',
  id: 'list-1',
  result: { resultType: 'complete', supportedVersions: [] },
});

describe('connection traffic', () => {
  it('records a discover as a complete leg of the Connection conversation when the server answers', () => {
    const leg = connectionLeg('server/discover', exchange(discover, { status: 200, body: discovered }), 1);
    expect([leg.id, leg.conversationId, leg.rpcId, leg.sent.method]).toEqual([
      'connection-1',
      CONNECTION_CONVERSATION_ID,
      'list-1',
      'server/discover',
    ]);
    expect(leg.outcome.kind).toBe('complete');
  });

  it('keeps a failed connect with the error when the request never reached the server', () => {
    const leg = connectionLeg('server/discover', exchange(discover), 2);
    expect(leg.outcome.kind).toBe('transport');
    expect(leg.outcome.kind === 'transport' && leg.outcome.reason).toContain('Failed to fetch');
  });

  it('counts an accepted notification as done when it is answered 202 with no body', () => {
    const note = { jsonrpc: '2.0', method: 'notifications/initialized' };
    const leg = connectionLeg('notifications/initialized', exchange(note, { status: 202, body: '' }), 3);
    expect(leg.outcome.kind).toBe('complete');
  });

  it('keeps only the newest legs when more than the cap are recorded', () => {
    let legs = [connectionLeg('tools/list', exchange(discover), 0)];
    for (let n = 1; n <= MAX_CONNECTION_LEGS; n += 1) legs = appendConnectionLeg(legs, { ...legs[0]!, id: `c-${n}` });
    expect(legs).toHaveLength(MAX_CONNECTION_LEGS);
    expect(legs[0]?.id).toBe('c-1');
  });

  it('lists the Connection conversation first, one row per request named by method and server, when shown', () => {
    const session = sessionWith([{ id: 'c1', legs: [{}] }]);
    const legs = [
      connectionLeg('server/discover', exchange(discover, { status: 200, body: discovered }), 1),
      connectionLeg('tools/list', exchange({ ...discover, method: 'tools/list' }), 2),
    ];
    const view = withConnectionTraffic(session, legs);
    expect(view.order).toEqual([CONNECTION_CONVERSATION_ID, 'c1']);
    expect(withConnectionTraffic(session, legs)).toBe(view);
    expect(withConnectionTraffic(session, [])).toBe(session);
    const [connection, call] = timelineRows(view);
    expect(connection?.title).toBe('Connection');
    expect(connection?.legs.map((l) => [l.round, l.method, l.target, l.outcome])).toEqual([
      [1, 'server/discover', '127.0.0.1:8765', 'complete'],
      [2, 'tools/list', '127.0.0.1:8765', 'transport'],
    ]);
    expect([connection?.rounds, connection?.legCount]).toEqual([0, 2]);
    expect(call?.conversationId).toBe('c1');
    // the session itself is untouched: nothing to save, export or replay
    expect(session.order).toEqual(['c1']);
  });
});
