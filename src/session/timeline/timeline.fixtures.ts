/** Test support: a session built through the real reducer from a few facts per leg. */
import { ALL_CAPS, askResult, testLeg, type TestLegInput } from '../../protocol/lint/lint-legs.fixtures.ts';
import type { JsonObject } from '../../protocol/types.ts';
import { emptySession, type SessionState } from '../model.ts';
import { reduce } from '../reducer.ts';

export interface FixtureLeg extends TestLegInput {
  startedAt?: number;
  durationMs?: number;
}

export interface FixtureConversation {
  id: string;
  title?: string;
  method?: string;
  params?: JsonObject;
  legs: FixtureLeg[];
}

export function sessionWith(conversations: FixtureConversation[], base: SessionState = emptySession): SessionState {
  let state = base;
  let n = Object.keys(base.legs).length;
  for (const c of conversations) {
    const method = c.method ?? 'tools/call';
    const params: JsonObject = c.params ?? { name: 'provision', arguments: { name: 'orders' } };
    state = reduce(state, {
      type: 'conversation/started',
      kind: 'call',
      id: c.id,
      title: c.title ?? `${method} ${String(params.name ?? params.uri ?? '')}`,
      method,
      params,
      serverUrl: 'http://127.0.0.1:1/mcp',
      capabilities: ALL_CAPS,
      at: 0,
    });
    for (const spec of c.legs) {
      n += 1;
      const rpcId = spec.id ?? n;
      const leg = testLeg({ method, params, ...spec, id: rpcId });
      const exchange = { ...leg.exchange, startedAt: spec.startedAt ?? n * 1000, durationMs: spec.durationMs ?? 10 };
      state = reduce(state, {
        type: 'leg/recorded',
        conversationId: c.id,
        legId: `leg-${n}`,
        rpcId,
        exchange,
        sent: { ...leg.sent, params },
      });
    }
  }
  return state;
}

/**
 * A large session built directly (not through the reducer, which copies the leg map per event): `conversations`
 * provision-like calls of `rounds` legs each, every retry answering and echoing the previous state.
 */
export function bigSession(conversations: number, rounds: number): SessionState {
  const state: SessionState = { conversations: {}, order: [], legs: {}, nextRpcId: 1 };
  const params: JsonObject = { name: 'provision', arguments: { name: 'orders' } };
  let at = 0;
  for (let c = 0; c < conversations; c++) {
    const id = `c${c}`;
    const legIds: string[] = [];
    for (let r = 0; r < rounds; r++) {
      const rpcId = state.nextRpcId++;
      const last = r === rounds - 1;
      const input: TestLegInput = { id: rpcId, params, result: last ? { resultType: 'complete' } : undefined };
      if (!last) input.result = askResult(['region'], `s-${c}-${r}`);
      if (r > 0) {
        input.requestState = `s-${c}-${r - 1}`;
        input.inputResponses = { region: { action: 'accept', content: { region: 'eu' } } };
      }
      const leg = testLeg(input);
      const legId = `l${c}-${r}`;
      at += 100;
      state.legs[legId] = {
        id: legId,
        conversationId: id,
        rpcId,
        exchange: { ...leg.exchange, startedAt: at, durationMs: 20 },
        outcome: leg.outcome,
        sent: { ...leg.sent, params },
        ...(r > 0 ? { parentLegId: legIds[r - 1] } : {}),
      };
      legIds.push(legId);
    }
    state.conversations[id] = {
      id,
      kind: 'call',
      title: `provision #${c}`,
      method: 'tools/call',
      serverUrl: 'http://127.0.0.1:1/mcp',
      createdAt: at,
      params,
      legIds,
    };
    state.order.push(id);
  }
  return state;
}
