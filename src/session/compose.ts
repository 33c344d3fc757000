import type { HeaderList } from '../protocol/exchange.ts';
import { envelope } from '../protocol/envelope.ts';
import { isManagedHeader, requestHeaders } from '../protocol/headers.ts';
import { legParams } from '../protocol/retry.ts';
import {
  isJsonObject,
  type ClientInfo,
  type InputResponses,
  type JsonObject,
  type JsonRpcRequest,
} from '../protocol/types.ts';
import { listenParams } from '../protocol/tasks/notifications.ts';
import { taskParams } from '../protocol/tasks/wire.ts';
import { composeLegacyCall } from './kinds/legacy-call/compose-legacy-call.ts';
import { composeResponse } from './kinds/legacy-call/compose-response.ts';
import { plainSent, type Conversation, type Draft, type SentFacts } from './model.ts';

export interface ConnectionContext {
  url: string;
  protocolVersion?: string;
  clientInfo?: ClientInfo;
  authorization?: string;
  /** connection-wide custom headers */
  headers?: Record<string, string>;
  /** the 2025-11-25 session's `Mcp-Session-Id`, when the connection is one */
  sessionId?: string;
  /**
   * set when the connection is a 2025-11-25 session: its negotiated version and the id its next request will carry
   * (the session numbers its requests itself); a call's first leg is then that era's plain request
   */
  legacy?: { protocolVersion: string; nextId: number };
}

export interface ComposedRequest {
  url: string;
  headers: HeaderList;
  body: string;
  /** the JSON-RPC message the body encodes, when it parses */
  message?: JsonRpcRequest;
  /** problems that make the body unsendable as valid JSON-RPC (it can still be sent on purpose) */
  problems: string[];
  sent: SentFacts;
}

function answeredOnly(draft: Draft): InputResponses {
  return { ...draft.answers };
}

/** The exact HTTP request the composer will send for this draft. Pure: same input, same bytes. */
export function composeRequest(conversation: Conversation, draft: Draft, ctx: ConnectionContext): ComposedRequest {
  if (draft.respondTo) return composeResponse(conversation, draft, ctx);
  const legacy = ctx.legacy;
  if (legacy && !conversation.task && conversation.serverUrl === ctx.url)
    return composeLegacyCall(conversation, draft, { ...ctx, legacy });
  const inputResponses = answeredOnly(draft);
  const retryParts: Parameters<typeof legParams>[1] = {
    meta: envelope({
      protocolVersion: ctx.protocolVersion,
      capabilities: draft.capabilities,
      clientInfo: ctx.clientInfo,
      options: draft.requestOptions,
    }),
    inputResponses,
  };
  if (draft.requestState !== undefined) retryParts.requestState = draft.requestState;
  // a task's answers go back as tasks/update {taskId, inputResponses}: no retry, no requestState (unless typed in)
  const task = conversation.task;
  const composed: JsonRpcRequest = task
    ? {
        jsonrpc: '2.0',
        id: draft.rpcId,
        method: 'tasks/update',
        params: {
          ...taskParams('tasks/update', task.taskId, inputResponses),
          ...(draft.requestState === undefined ? {} : { requestState: draft.requestState }),
          _meta: retryParts.meta,
        },
      }
    : { jsonrpc: '2.0', id: draft.rpcId, method: conversation.method, params: legParams(draft.params, retryParts) };
  const problems: string[] = [];
  let message: JsonRpcRequest | undefined = composed;
  let body = JSON.stringify(composed);
  if (draft.bodyOverride !== undefined) {
    body = draft.bodyOverride;
    try {
      const parsed = JSON.parse(body) as unknown;
      if (isJsonObject(parsed) && 'method' in parsed) {
        message = parsed as unknown as JsonRpcRequest;
      } else {
        message = undefined;
        problems.push('the edited body is not a JSON-RPC request object');
      }
    } catch (err) {
      message = undefined;
      problems.push(`the edited body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
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
    params: draft.params as JsonObject,
  };
  const headersEdited = Object.keys(draft.extraHeaders).filter(isManagedHeader);
  if (headersEdited.length) sent.headersEdited = headersEdited;
  if (draft.requestOptions) sent.requestOptions = draft.requestOptions;
  if (task) sent.method = 'tasks/update';
  if (Object.keys(inputResponses).length) sent.inputResponses = inputResponses;
  if (draft.requestState !== undefined) sent.requestState = draft.requestState;
  if (draft.originalRequestState !== undefined) sent.originalRequestState = draft.originalRequestState;
  if (draft.bodyOverride !== undefined) factsFromBody(sent, message, asked, draft.originalRequestState);
  const result: ComposedRequest = { url: ctx.url, headers, body, problems, sent };
  if (message) result.message = message;
  return result;
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

/** A task leg's params: tasks/get and tasks/cancel name the task; a listen stream asks for its notifications. */
const paramsOf = (method: 'tasks/get' | 'tasks/cancel' | 'subscriptions/listen', taskId: string) =>
  method === 'subscriptions/listen' ? listenParams([taskId]) : taskParams(method, taskId);

/**
 * A task's tasks/get or tasks/cancel leg (`{taskId}` with the envelope, `Mcp-Name: <taskId>`), or the
 * subscriptions/listen request asking for its status notifications (`notifications.taskIds`). Pure.
 */
export function composeTaskLeg(
  conversation: Conversation,
  method: 'tasks/get' | 'tasks/cancel' | 'subscriptions/listen',
  rpcId: number,
  capabilities: SentFacts['capabilities'],
  ctx: ConnectionContext,
): ComposedRequest | undefined {
  const task = conversation.task;
  if (!task) return undefined;
  const meta = envelope({ protocolVersion: ctx.protocolVersion, capabilities, clientInfo: ctx.clientInfo });
  const message: JsonRpcRequest = {
    jsonrpc: '2.0',
    id: rpcId,
    method,
    params: { ...paramsOf(method, task.taskId), _meta: meta },
  };
  const headerOpts: Parameters<typeof requestHeaders>[1] = { extra: { ...(ctx.headers ?? {}) } };
  if (ctx.protocolVersion) headerOpts.protocolVersion = ctx.protocolVersion;
  if (ctx.authorization) headerOpts.authorization = ctx.authorization;
  const sent = plainSent(paramsOf(method, task.taskId), capabilities, method);
  return {
    url: ctx.url,
    headers: requestHeaders(message, headerOpts),
    body: JSON.stringify(message),
    message,
    problems: [],
    sent,
  };
}
