/**
 * A call over a 2025-11-25 session, leg by leg. The first leg sends the call (`tools/call`, prompts/get,
 * resources/read); every request the server pushes on its stream is recorded as a leg (direction server -> client)
 * whose answer waits in the composer as a JSON-RPC response; sending that draft POSTs the response (attached to the
 * pushed leg) and waits for the stream's next step. The call's own response is the last leg, with exactly the bytes of
 * its stream (or of the GET that resumed it). A request pushed on the session's own stream is a conversation of its
 * own (session-requests.ts); its response is sent here too, and ends it. The session's wire is injected
 * (`LegacyWirePort`: client/legacy/session-calls.ts, wired by the store).
 */
import type { Exchange } from '../../protocol/exchange.ts';
import type { JsonObject } from '../../protocol/types.ts';
import { rpcIdOfBody } from '../../protocol/rpc-id.ts';
import type { ComposedRequest } from '../compose.ts';
import type { SessionEvent } from '../events.ts';
import type { Conversation, Draft, SentFacts } from '../model.ts';
import { legacyCallParams } from '../kinds/legacy-call/legacy-params.ts';
import { legacyCallSent } from '../kinds/legacy-call/compose-legacy-call.ts';
import { pushedFacts, undeliveredReason } from '../kinds/legacy-call/pushed-legs.ts';

/** A step of a call over the session, in wire terms. */
export type LegacyCallStep =
  | { kind: 'pushed'; request: { id: string | number; method: string }; exchange: Exchange }
  | { kind: 'done'; gone: Exchange[]; exchange?: Exchange; rpcId: string | number; failure?: string };

/** One call over the session, step by step. */
export interface LegacyCallHandle {
  next(): Promise<LegacyCallStep>;
  respond(id: string | number, body: string, headers: Record<string, string>): Promise<Exchange>;
  stop(): void;
}

/** What the legs of a 2025-11-25 session go over (client/legacy/session-calls.ts). */
export interface LegacyWirePort {
  open(
    method: string,
    params: Record<string, unknown> | undefined,
    wire?: { headers?: Record<string, string>; body?: string },
  ): LegacyCallHandle;
  respond(
    request: { id: string | number; method: string },
    body: string,
    headers: Record<string, string>,
  ): Promise<Exchange>;
  request(method: string, params: Record<string, unknown>): Promise<{ exchange?: Exchange; error?: string }>;
}

/** A call whose stream is still open, with what its legs were sent with. */
export interface OpenLegacyCall {
  call: LegacyCallHandle;
  sent: SentFacts;
}

/** The calls whose stream is still open, by conversation: one registry whichever flow opened the call. */
export type OpenLegacyCalls = Map<string, OpenLegacyCall>;

export interface LegacyLegDeps {
  wire: LegacyWirePort;
  calls: OpenLegacyCalls;
  dispatch: (event: SessionEvent) => void;
  now: () => number;
  newId: (prefix: string) => string;
}

function failed(url: string, at: number, message: string): Exchange {
  return {
    request: { url, method: 'POST', headers: [], body: '' },
    startedAt: at,
    durationMs: 0,
    failure: { kind: 'stream', message },
  };
}

/** Wait for the call's next step and record it as a leg; returns the leg's id. */
export async function recordNextStep(
  deps: LegacyLegDeps,
  conversation: Conversation,
  open: OpenLegacyCall,
): Promise<string> {
  const step = await open.call.next();
  const legId = deps.newId('leg');
  const conversationId = conversation.id;
  if (step.kind === 'pushed') {
    const pushed = pushedFacts(step.request.id, step.request.method);
    deps.dispatch({
      type: 'leg/recorded',
      conversationId,
      legId,
      rpcId: step.request.id,
      exchange: step.exchange,
      sent: open.sent,
      pushed,
    });
    return legId;
  }
  deps.calls.delete(conversationId);
  // the server lost the session (404): that answer is a leg of the call, before the call resent in the new session
  for (const gone of step.gone) {
    deps.dispatch({
      type: 'leg/recorded',
      conversationId,
      legId: deps.newId('leg'),
      rpcId: rpcIdOfBody(gone.request.body) ?? 0,
      exchange: gone,
      sent: open.sent,
    });
  }
  const exchange = step.exchange ?? failed(conversation.serverUrl, deps.now(), step.failure ?? 'no response');
  deps.dispatch({ type: 'leg/recorded', conversationId, legId, rpcId: step.rpcId, exchange, sent: open.sent });
  return legId;
}

/**
 * Send the conversation's draft over the session: the call itself, or the response to the pushed request the draft
 * answers. Resolves once the next leg is recorded, with its id.
 */
export async function sendLegacyDraft(
  deps: LegacyLegDeps,
  conversation: Conversation,
  draft: Draft,
  composed: ComposedRequest,
): Promise<string> {
  const id = conversation.id;
  const respondTo = draft.respondTo;
  if (respondTo) {
    const open = deps.calls.get(id);
    const headers = Object.fromEntries(Object.entries(draft.extraHeaders).map(([k, v]) => [k.toLowerCase(), v]));
    const exchange = open
      ? await open.call.respond(draft.rpcId, composed.body, headers)
      : await deps.wire.respond({ id: draft.rpcId, method: respondTo.method }, composed.body, headers);
    const legId = draft.afterLegId ?? '';
    deps.dispatch({ type: 'leg/answered', conversationId: id, legId, exchange, sent: composed.sent, at: deps.now() });
    // the server did not take it: it still waits for an answer, and the draft stays to be fixed and sent again
    if (undeliveredReason(exchange) !== undefined) return legId;
    if (open) return recordNextStep(deps, conversation, open);
    // a request the server pushed on its session, outside any call: answered, its conversation is over
    if (respondTo.onSession) return legId;
    const next = deps.newId('leg');
    const why = 'the call this answers is no longer open in this tab (its stream ended or the page was reloaded)';
    deps.dispatch({
      type: 'leg/recorded',
      conversationId: id,
      legId: next,
      rpcId: respondTo.id,
      exchange: failed(conversation.serverUrl, deps.now(), why),
      sent: composed.sent,
    });
    return next;
  }
  const sent = legacyCallSent(draft);
  const params = legacyCallParams(draft.params as JsonObject, draft.requestOptions);
  // the composer shows this request as the session sends it (compose-legacy-call.ts): its header and body edits go out
  const wire = {
    headers: Object.fromEntries(Object.entries(draft.extraHeaders).map(([k, v]) => [k.toLowerCase(), v])),
    ...(draft.bodyOverride !== undefined ? { body: draft.bodyOverride } : {}),
  };
  const open: OpenLegacyCall = { call: deps.wire.open(conversation.method, params, wire), sent };
  deps.calls.set(id, open);
  return recordNextStep(deps, conversation, open);
}
