/**
 * A 2026-07-28 leg as the composer holds it: the call's own request with the per-request envelope in `_meta`, the
 * answers as `inputResponses` and the echoed `requestState` on a retry, and the standard headers (`Mcp-Method`,
 * `Mcp-Name`, `Mcp-Param-*`) computed from the body that goes out. Pure.
 */
import { envelope } from '../../../protocol/envelope.ts';
import { isManagedHeader, requestHeaders } from '../../../protocol/headers.ts';
import { legParams } from '../../../protocol/retry.ts';
import { isJsonObject, type InputResponses, type JsonObject, type JsonRpcRequest } from '../../../protocol/types.ts';
import { readEditedRequest, type ComposedRequest, type ConnectionContext } from '../../compose.ts';
import type { Conversation, Draft, SentFacts } from '../../model.ts';

/** The `_meta` envelope and answers a leg carries, from which a kind builds its JSON-RPC request. */
export interface LegParts {
  meta: JsonObject;
  inputResponses: InputResponses;
}

/**
 * Compose a 2026-07-28 leg whose message `build` makes from the envelope and the answers: the call's retry, or another
 * method about it (a task's tasks/update). `method` is recorded as the leg's own method when it is not the call's.
 */
export function composeEnveloped(
  conversation: Conversation,
  draft: Draft,
  ctx: ConnectionContext,
  build: (parts: LegParts) => JsonRpcRequest,
  method?: string,
): ComposedRequest {
  const inputResponses: InputResponses = { ...draft.answers };
  const meta = envelope({
    protocolVersion: ctx.protocolVersion,
    capabilities: draft.capabilities,
    clientInfo: ctx.clientInfo,
    options: draft.requestOptions,
  });
  const composed = build({ meta, inputResponses });
  const edited = draft.bodyOverride === undefined ? undefined : readEditedRequest(draft.bodyOverride);
  const message = edited ? edited.message : composed;
  const body = draft.bodyOverride ?? JSON.stringify(composed);
  const headerOpts: Parameters<typeof requestHeaders>[1] = {
    extra: ctx.headers ?? {},
    overrides: draft.extraHeaders,
  };
  if (ctx.protocolVersion) headerOpts.protocolVersion = ctx.protocolVersion;
  if (conversation.inputSchema) headerOpts.inputSchema = conversation.inputSchema;
  if (ctx.authorization) headerOpts.authorization = ctx.authorization;
  const headers = requestHeaders(message ?? composed, headerOpts);
  const asked = Object.keys(draft.inputRequests);
  const sent: SentFacts = {
    answeredKeys: Object.keys(inputResponses),
    unansweredKeys: asked.filter((k) => !(k in inputResponses)),
    requestStateEdited: draft.requestState !== draft.originalRequestState,
    bodyEdited: draft.bodyOverride !== undefined,
    capabilities: draft.capabilities,
    params: draft.params,
  };
  const headersEdited = Object.keys(draft.extraHeaders).filter(isManagedHeader);
  if (headersEdited.length) sent.headersEdited = headersEdited;
  if (draft.requestOptions) sent.requestOptions = draft.requestOptions;
  if (method !== undefined) sent.method = method;
  if (Object.keys(inputResponses).length) sent.inputResponses = inputResponses;
  if (draft.requestState !== undefined) sent.requestState = draft.requestState;
  if (draft.originalRequestState !== undefined) sent.originalRequestState = draft.originalRequestState;
  if (draft.bodyOverride !== undefined) factsFromBody(sent, message, asked, draft.originalRequestState);
  const result: ComposedRequest = { url: ctx.url, headers, body, problems: edited?.problems ?? [], sent };
  if (message) result.message = message;
  return result;
}

/** The call's own request, retried: `params` with the envelope, the answers and the echoed requestState. */
export function composeCall(conversation: Conversation, draft: Draft, ctx: ConnectionContext): ComposedRequest {
  return composeEnveloped(conversation, draft, ctx, ({ meta, inputResponses }) => {
    const parts: Parameters<typeof legParams>[1] = { meta, inputResponses };
    if (draft.requestState !== undefined) parts.requestState = draft.requestState;
    return { jsonrpc: '2.0', id: draft.rpcId, method: conversation.method, params: legParams(draft.params, parts) };
  });
}

/**
 * A hand-edited body is what really goes out: read the requestState and answers from it, so a state changed inside
 * the raw body is still marked "edited by you". An unparseable body counts as edited state when one was expected.
 */
function factsFromBody(sent: SentFacts, message: JsonRpcRequest | undefined, asked: string[], original?: string) {
  const params = message && isJsonObject(message.params) ? message.params : undefined;
  const state = params?.requestState;
  delete sent.requestState;
  if (typeof state === 'string') sent.requestState = state;
  sent.requestStateEdited = message === undefined ? original !== undefined : state !== original;
  const responses = params?.inputResponses;
  delete sent.inputResponses;
  if (isJsonObject(responses)) {
    // fromEntries keeps a key named "__proto__" as a key
    const answers: InputResponses = Object.fromEntries(
      Object.entries(responses).filter((e): e is [string, JsonObject] => isJsonObject(e[1])),
    );
    if (Object.keys(answers).length) sent.inputResponses = answers;
  }
  sent.answeredKeys = Object.keys(sent.inputResponses ?? {});
  sent.unansweredKeys = asked.filter((k) => !sent.answeredKeys.includes(k));
}
