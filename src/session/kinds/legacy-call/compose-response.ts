/**
 * The composer's leg when it answers a request a 2025-11-25 server pushed: a JSON-RPC response POSTed on the session
 * (`Mcp-Session-Id`, `MCP-Protocol-Version: 2025-11-25`), exactly the bytes that will go out. Pure.
 */
import type { HeaderList } from '../../../protocol/exchange.ts';
import { isJsonObject, type InputResponses, type JsonObject } from '../../../protocol/types.ts';
import type { ComposedRequest, ConnectionContext } from '../../compose.ts';
import type { Conversation, Draft, SentFacts } from '../../model.ts';
import { pushedResponse } from './pushed-legs.ts';

const LEGACY_VERSION = '2025-11-25';

function responseHeaders(ctx: ConnectionContext, draft: Draft): HeaderList {
  const h: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...(ctx.headers ?? {}),
  };
  if (ctx.authorization) h.authorization = ctx.authorization;
  if (ctx.sessionId) h['mcp-session-id'] = ctx.sessionId;
  h['mcp-protocol-version'] = LEGACY_VERSION;
  for (const [k, v] of Object.entries(draft.extraHeaders)) h[k.toLowerCase()] = v;
  return Object.entries(h);
}

/** Problems that make an edited body something other than a JSON-RPC response (it can still be sent on purpose). */
function responseProblems(body: string): { problems: string[]; message?: JsonObject } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body) as unknown;
  } catch (err) {
    return { problems: [`the edited body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`] };
  }
  if (!isJsonObject(parsed)) return { problems: ['the edited body is not a JSON-RPC response object'] };
  const problems: string[] = [];
  if (parsed.jsonrpc !== '2.0') problems.push('the response is missing "jsonrpc": "2.0"');
  if (!('result' in parsed) && !('error' in parsed)) problems.push('the response has neither "result" nor "error"');
  if ('method' in parsed) problems.push('a response carries no "method": this body is a request');
  return { problems, message: parsed };
}

export function composeResponse(conversation: Conversation, draft: Draft, ctx: ConnectionContext): ComposedRequest {
  const key = draft.respondTo?.key ?? '';
  const composed = pushedResponse(draft);
  const body = draft.bodyOverride ?? JSON.stringify(composed);
  const { problems, message } =
    draft.bodyOverride === undefined ? { problems: [], message: composed } : responseProblems(body);
  const result = message && isJsonObject(message.result) ? message.result : undefined;
  const inputResponses: InputResponses = result ? { [key]: result } : {};
  const sent: SentFacts = {
    answeredKeys: result ? [key] : [],
    unansweredKeys: result ? [] : [key],
    requestStateEdited: false,
    bodyEdited: draft.bodyOverride !== undefined,
    capabilities: draft.capabilities,
    params: conversation.params,
    method: 'response',
  };
  if (result) sent.inputResponses = inputResponses;
  if (draft.bodyOverride === undefined && !result) problems.push(`answer ${key} first: the response has no result yet`);
  return { url: ctx.url, headers: responseHeaders(ctx, draft), body, problems, sent };
}
