/**
 * Connection traffic as legs: `server/discover` (or `initialize` and `notifications/initialized` on a 2025-11-25
 * session), the list calls, and failed connect attempts. Each is a recorded exchange like any call's leg, shown in the
 * Timeline as one "Connection" conversation (filtered out by default) and opened in the leg inspector. They are not
 * part of the session (never saved, exported or replayed): `withConnectionTraffic` adds them to a view of it.
 */
import { rpcIdOf } from '../protocol/rpc-id.ts';
import { classifyExchange } from '../protocol/classify-exchange.ts';
import type { Outcome } from '../protocol/classify.ts';
import type { Exchange } from '../protocol/exchange.ts';
import { isJsonObject, type JsonObject, type RpcId } from '../protocol/types.ts';
import { plainSent, type Conversation, type Leg, type SessionState } from './model.ts';

export const CONNECTION_CONVERSATION_ID = 'connection';

/** the oldest legs are dropped past this many (a page left open reconnecting all day stays small) */
export const MAX_CONNECTION_LEGS = 500;

const CONNECTION_METHODS = new Set([
  'server/discover',
  'initialize',
  'notifications/initialized',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
]);

/** The requests a connection makes by itself (not a call the user started). */
export function isConnectionMethod(method: string): boolean {
  return CONNECTION_METHODS.has(method);
}

export function isConnectionConversation(id: string | null | undefined): boolean {
  return id === CONNECTION_CONVERSATION_ID;
}

function parseBody(body: string): { id?: RpcId; params: JsonObject; notification: boolean } {
  try {
    const parsed = JSON.parse(body) as { id?: unknown; params?: unknown };
    const id = rpcIdOf(parsed);
    const params = isJsonObject(parsed.params) ? (parsed.params as JsonObject) : {};
    return { ...(id !== undefined ? { id } : {}), params, notification: !('id' in parsed) };
  } catch {
    return { params: {}, notification: false };
  }
}

/** A notification's accepted answer (202, empty body) is its whole success: there is no JSON-RPC response to read. */
function outcomeOf(exchange: Exchange, method: string, id: RpcId | undefined, notification: boolean): Outcome {
  const status = exchange.response?.status;
  if (notification && status !== undefined && status >= 200 && status < 300 && exchange.response?.body === '') {
    return { kind: 'complete', result: {}, resultTypeMissing: false };
  }
  return classifyExchange(exchange, method, id);
}

/** One connection request as a leg of the Connection conversation (`n`: its position, for a unique id). */
export function connectionLeg(method: string, exchange: Exchange, n: number): Leg {
  const body = parseBody(exchange.request.body);
  const rpcId = body.id ?? `${method}-${n}`;
  return {
    id: `connection-${n}`,
    conversationId: CONNECTION_CONVERSATION_ID,
    rpcId,
    exchange,
    outcome: outcomeOf(exchange, method, body.id, body.notification),
    sent: plainSent(body.params, {}, method),
  };
}

/** `legs` with `leg` added, keeping the newest MAX_CONNECTION_LEGS. */
export function appendConnectionLeg(legs: readonly Leg[], leg: Leg): Leg[] {
  const next = [...legs, leg];
  return next.length > MAX_CONNECTION_LEGS ? next.slice(next.length - MAX_CONNECTION_LEGS) : next;
}

const viewCache = new WeakMap<SessionState, WeakMap<readonly Leg[], SessionState>>();

/**
 * The session with the Connection conversation first in its order (for the Timeline and the leg inspector); the
 * session itself when there is no connection traffic. Cached per (session, legs), so the timeline rows of the calls
 * are rebuilt only when they change.
 */
export function withConnectionTraffic(session: SessionState, legs: readonly Leg[]): SessionState {
  const first = legs[0];
  if (!first) return session;
  let bySession = viewCache.get(session);
  const cached = bySession?.get(legs);
  if (cached) return cached;
  const conversation: Conversation = {
    id: CONNECTION_CONVERSATION_ID,
    kind: 'call',
    title: 'Connection',
    method: first.sent.method ?? 'server/discover',
    serverUrl: first.exchange.request.url,
    createdAt: first.exchange.startedAt,
    params: {},
    legIds: legs.map((l) => l.id),
  };
  const view: SessionState = {
    ...session,
    conversations: { [CONNECTION_CONVERSATION_ID]: conversation, ...session.conversations },
    legs: { ...session.legs, ...Object.fromEntries(legs.map((l) => [l.id, l])) },
    order: [CONNECTION_CONVERSATION_ID, ...session.order],
  };
  if (!bySession) {
    bySession = new WeakMap();
    viewCache.set(session, bySession);
  }
  bySession.set(legs, view);
  return view;
}
