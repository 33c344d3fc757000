/**
 * 2025-11-25 pushed requests as legs. A request the server pushes on a call's stream is a leg of that call (direction
 * server -> client) that asks for input exactly like an `input_required` leg, under one key (`<method> #<id>`); the
 * draft after it is the JSON-RPC response the client will POST back, held in the composer like any other leg. When the
 * response goes out it is attached to the pushed leg (`answer`), and the call is in flight again until the stream
 * brings the next pushed request or the call's own response. Pure.
 */
import type { Outcome } from '../../../protocol/classify.ts';
import { headerValue, type Exchange } from '../../../protocol/exchange.ts';
import { withRelatedTask } from '../../../protocol/tasks/legacy-wire.ts';
import { isJsonObject, type InputRequest, type JsonObject, type RpcId } from '../../../protocol/types.ts';
import type { SessionEvent } from '../../events.ts';
import type { Conversation, Draft, Leg, PushedFacts } from '../../model.ts';

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

/** A request pushed on the session's own stream and answered: nothing more comes for it. */
export function pushedStatus(last: Leg): 'complete' | undefined {
  return last.outcome.kind === 'input_required' && last.pushed?.onSession && last.answer ? 'complete' : undefined;
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
 * The response was posted: attach it to the pushed leg. Once the server took it, the draft goes: a round of a call
 * waits on the call's stream again, and a request pushed on the session's own stream is over (nothing else comes for
 * it). An answer that did not reach the server (refused, dropped, the connection failed) is kept on the leg as the last
 * attempt, and the conversation stays as it was, draft included, so the response can be fixed and posted again.
 */
export function answeredPushed(
  c: Conversation,
  leg: Leg | undefined,
  event: Extract<SessionEvent, { type: 'leg/answered' }>,
): { conversation: Conversation; leg: Leg } | undefined {
  if (!leg?.pushed || !c.legIds.includes(leg.id)) return undefined;
  if (leg.answer && undeliveredReason(leg.answer.exchange) === undefined) return undefined;
  const answered = { ...leg, answer: { exchange: event.exchange, sent: event.sent } };
  if (undeliveredReason(event.exchange) !== undefined) {
    // the app's own answer goes back to the composer, nothing in flight until it is sent again; a watched client's
    // call (no draft) stays as it was: that client decides what comes next. Either way a new conversation object:
    // the timeline's rows are cached per conversation object, and this leg changed.
    if (!c.draft) return { conversation: { ...c }, leg: answered };
    const { inFlight: _sent, ...back } = c;
    return { conversation: back, leg: answered };
  }
  const { draft: _sent, inFlight: _flight, ...rest } = c;
  return {
    conversation: leg.pushed.onSession ? rest : { ...rest, inFlight: { rpcId: leg.rpcId, startedAt: event.at } },
    leg: answered,
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
  // 2025-11-25 transports: a 404 to a request that carried Mcp-Session-Id means the session is gone
  if (status === 404 && headerValue(answer.request.headers, 'Mcp-Session-Id') !== undefined)
    return 'the server answered HTTP 404: the session that asked is gone, so nothing waits for this answer any more (a new session was started)';
  return status >= 200 && status < 300 ? undefined : `the server answered HTTP ${status}`;
}

/**
 * The JSON-RPC response a pushed draft composes: `result` is the answer given under the pushed key, marked with the
 * task the pushed request was about, if any (`_meta["io.modelcontextprotocol/related-task"]`).
 */
export function pushedResponse(draft: Draft): JsonObject {
  const key = draft.respondTo?.key;
  const answer = key !== undefined ? draft.answers[key] : undefined;
  if (answer === undefined || key === undefined) return { jsonrpc: '2.0', id: draft.rpcId };
  const result = isJsonObject(answer) ? withRelatedTask(answer, draft.inputRequests[key]?.params) : answer;
  return { jsonrpc: '2.0', id: draft.rpcId, result };
}
