/**
 * 2025-11-25 pushed requests as legs. A request the server pushes on a call's stream is a leg of that call (direction
 * server -> client) that asks for input exactly like an `input_required` leg, under one key (`<method> #<id>`); the
 * draft after it is the JSON-RPC response the client will POST back, held in the composer like any other leg. When the
 * response goes out it is attached to the pushed leg (`answer`), and the call is in flight again until the stream
 * brings the next pushed request or the call's own response. Pure.
 */
import type { Outcome } from '../protocol/classify.ts';
import type { Exchange } from '../protocol/exchange.ts';
import { isJsonObject, type InputRequest, type JsonObject, type RpcId } from '../protocol/types.ts';
import type { SessionEvent } from './events.ts';
import type { Conversation, Draft, Leg, PushedFacts } from './model.ts';

/** The input request key a pushed request is shown under. */
function pushedKey(method: string, id: RpcId): string {
  return `${method} #${String(id)}`;
}

/** What the client knows about a pushed request from its message (and whether it came on the session's own stream). */
export function pushedFacts(id: RpcId, method: string, onSession = false): PushedFacts {
  const facts: PushedFacts = { id, method, key: pushedKey(method, id) };
  if (onSession) facts.onSession = true;
  return facts;
}

/** The pushed request as the input request the cards already know. */
function pushedInputRequest(exchange: Exchange, pushed: PushedFacts): InputRequest {
  const m = exchange.message;
  const params = isJsonObject(m) && isJsonObject(m.params) ? m.params : undefined;
  return params ? { method: pushed.method, params } : { method: pushed.method };
}

/** A pushed leg asks for one answer, like an `input_required` leg with one key and no requestState. */
export function pushedOutcome(exchange: Exchange, pushed: PushedFacts): Outcome {
  const result = isJsonObject(exchange.message) ? exchange.message : {};
  return {
    kind: 'input_required',
    result,
    inputRequests: { [pushed.key]: pushedInputRequest(exchange, pushed) },
    stateOnly: false,
  };
}

/** The draft after a pushed leg: the response to it, keyed by the pushed request's id. */
export function pushedDraft(leg: Leg, previous: Draft | undefined): Draft | undefined {
  const pushed = leg.pushed;
  if (!pushed || leg.outcome.kind !== 'input_required') return undefined;
  const draft: Draft = {
    afterLegId: leg.id,
    rpcId: pushed.id,
    params: leg.sent.params,
    inputRequests: leg.outcome.inputRequests ?? {},
    answers: {},
    capabilities: leg.sent.capabilities,
    extraHeaders: previous?.extraHeaders ?? {},
    origin: { rpcId: pushed.id, params: leg.sent.params, capabilities: leg.sent.capabilities, answers: {} },
    respondTo: pushed,
  };
  return draft;
}

/**
 * The response went out: attach it to the pushed leg and drop the draft. A round of a call waits on the call's stream
 * again; a request pushed on the session's own stream is over once answered (nothing else comes for it).
 */
export function answeredPushed(
  c: Conversation,
  leg: Leg | undefined,
  event: Extract<SessionEvent, { type: 'leg/answered' }>,
): { conversation: Conversation; leg: Leg } | undefined {
  if (!leg?.pushed || leg.answer || !c.legIds.includes(leg.id)) return undefined;
  const { draft: _sent, inFlight: _flight, ...rest } = c;
  return {
    conversation: leg.pushed.onSession ? rest : { ...rest, inFlight: { rpcId: leg.rpcId, startedAt: event.at } },
    leg: { ...leg, answer: { exchange: event.exchange, sent: event.sent } },
  };
}

/**
 * Why the answer posted to a pushed request did not reach the server whole (dropped in a proxy, refused, the
 * connection failed), or undefined when the server took it with a 2xx.
 */
export function undeliveredReason(answer: Exchange): string | undefined {
  if (answer.failure) return answer.failure.message;
  const status = answer.response?.status;
  if (status === undefined) return 'no answer came';
  return status >= 200 && status < 300 ? undefined : `the server answered HTTP ${status}`;
}

/** The JSON-RPC response a pushed draft composes: `result` is the answer given under the pushed key. */
export function pushedResponse(draft: Draft): JsonObject {
  const key = draft.respondTo?.key;
  const answer = key !== undefined ? draft.answers[key] : undefined;
  return answer === undefined
    ? { jsonrpc: '2.0', id: draft.rpcId }
    : { jsonrpc: '2.0', id: draft.rpcId, result: answer };
}
