/**
 * Test support for driving the reducer by hand: a provision call started, each leg its composed draft answered over
 * JSON by a scripted result.
 */
import { ALL_CAPABILITIES } from '../protocol/envelope.ts';
import type { Exchange } from '../protocol/exchange.ts';
import { composeRequest } from './compose.ts';
import type { SessionEvent } from './events.ts';
import type { SessionState } from './model.ts';
import { reduce } from './reducer.ts';

export const ctx = { url: 'http://127.0.0.1:1/mcp' };

export function apply(state: SessionState, ...events: SessionEvent[]): SessionState {
  return events.reduce(reduce, state);
}

/** A 200 JSON answer carrying the JSON-RPC result `result` for the request `id` (the request body is not read). */
export function answeredExchange(id: unknown, result: unknown): Exchange {
  const message = { jsonrpc: '2.0', id, result };
  const body = JSON.stringify(message);
  return {
    request: { url: ctx.url, method: 'POST', headers: [], body: '{}' },
    response: { status: 200, statusText: 'OK', headers: [], contentType: 'application/json', body, size: body.length },
    message,
    startedAt: 0,
    durationMs: 5,
  };
}

/** `tools/call provision {name: "orders"}` started as conversation `id`. */
export function provisionStarted(id = 'c1'): SessionEvent {
  return {
    type: 'conversation/started',
    kind: 'call',
    id,
    title: 'provision',
    method: 'tools/call',
    params: { name: 'provision', arguments: { name: 'orders' } },
    serverUrl: ctx.url,
    capabilities: ALL_CAPABILITIES,
    at: 0,
  };
}

/** The conversation's draft composed and recorded as leg `legId`, answered with `result`. */
export function send(state: SessionState, legId: string, result: unknown, conversationId = 'c1'): SessionState {
  const c = state.conversations[conversationId]!;
  const composed = composeRequest(c, c.draft!, ctx);
  const rpcId = c.draft!.rpcId;
  return reduce(state, {
    type: 'leg/recorded',
    conversationId,
    legId,
    rpcId,
    exchange: answeredExchange(rpcId, result),
    sent: composed.sent,
  });
}
