/**
 * The composer's leg when it is the first (and only) request of a call over a 2025-11-25 session: the plain JSON-RPC
 * request the session POSTs, exactly the bytes that will go out. That revision has no per-request envelope (`_meta`
 * carries only a progress token and a trace parent), no `Mcp-Method` / `Mcp-Name` headers and no retries; the request
 * carries the session's `Mcp-Session-Id`, the negotiated `MCP-Protocol-Version`, and the id the session numbers it
 * with. Pure.
 */
import type { HeaderList } from '../../../protocol/exchange.ts';
import type { JsonObject, JsonRpcRequest } from '../../../protocol/types.ts';
import { readEditedRequest, type ComposedRequest, type ConnectionContext } from '../../compose.ts';
import { legacyCallParams } from './legacy-params.ts';
import { plainSent, type Conversation, type Draft, type SentFacts } from '../../model.ts';

/** The headers the session sends (legacy-session.ts): its own, the connection's, the draft's edits, then the session's. */
function sessionHeaders(ctx: ConnectionContext, draft: Draft, version: string): HeaderList {
  const h: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...(ctx.headers ?? {}),
  };
  if (ctx.authorization) h.authorization = ctx.authorization;
  for (const [k, v] of Object.entries(draft.extraHeaders)) h[k.toLowerCase()] = v;
  if (ctx.sessionId) h['mcp-session-id'] = ctx.sessionId;
  h['mcp-protocol-version'] = version;
  return Object.entries(h).filter(([, v]) => v !== '');
}

/** What the context needs of a 2025-11-25 session: its id, its negotiated version, the id of its next request. */
interface LegacySessionFacts {
  readonly sessionId?: string | undefined;
  readonly protocolVersion: string;
  readonly nextRequestId: number;
}

/**
 * The connection's context as a 2025-11-25 session sends its next request: with the session's id, version and the id
 * it will number the request with (read when called: the session numbers each request it sends).
 */
export function withLegacySession(ctx: ConnectionContext, session: LegacySessionFacts): ConnectionContext {
  const out: ConnectionContext = session.sessionId ? { ...ctx, sessionId: session.sessionId } : { ...ctx };
  out.handshake = { protocolVersion: session.protocolVersion, nextId: session.nextRequestId };
  return out;
}

/** What a 2025-11-25 call's first leg sent: no answers and no requestState (that revision has neither). */
export function legacyCallSent(draft: Draft): SentFacts {
  const sent = plainSent(draft.params as JsonObject, draft.capabilities);
  sent.bodyEdited = draft.bodyOverride !== undefined;
  if (draft.requestOptions) sent.requestOptions = draft.requestOptions;
  return sent;
}

export function composeLegacyCall(
  conversation: Conversation,
  draft: Draft,
  ctx: ConnectionContext & { handshake: NonNullable<ConnectionContext['handshake']> },
): ComposedRequest {
  const params = legacyCallParams(draft.params as JsonObject, draft.requestOptions);
  const composed: JsonRpcRequest = { jsonrpc: '2.0', id: ctx.handshake.nextId, method: conversation.method, params };
  const edited = draft.bodyOverride === undefined ? undefined : readEditedRequest(draft.bodyOverride);
  const body = draft.bodyOverride ?? JSON.stringify(composed);
  const message = edited ? edited.message : composed;
  const sent = legacyCallSent(draft);
  const result: ComposedRequest = {
    url: ctx.url,
    headers: sessionHeaders(ctx, draft, ctx.handshake.protocolVersion),
    body,
    problems: edited?.problems ?? [],
    sent,
  };
  if (message) result.message = message;
  return result;
}
