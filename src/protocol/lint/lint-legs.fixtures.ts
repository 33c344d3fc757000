/** Builders for lint tests: a recorded leg from a few facts, the way the session records real ones. */
import { classifyExchange } from '../classify-exchange.ts';
import { envelope } from '../envelope.ts';
import type { Exchange } from '../exchange.ts';
import { requestHeaders } from '../headers.ts';
import {
  META_CLIENT_CAPABILITIES,
  type ClientCapabilities,
  type JsonObject,
  type JsonRpcRequest,
  type RpcId,
} from '../types.ts';
import type { LintLeg, LintSent } from './lint-types.ts';

export interface TestLegInput {
  method?: string;
  id?: RpcId;
  params?: JsonObject;
  requestState?: string;
  inputResponses?: Record<string, JsonObject>;
  capabilities?: ClientCapabilities;
  /** replaces the computed request headers */
  headers?: [string, string][];
  /** replaces the computed body text */
  body?: string;
  result?: JsonObject;
  error?: { code: number; message: string };
  sent?: Partial<LintSent>;
}

export const ALL_CAPS: ClientCapabilities = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };

/** A recorded exchange whose answer is `message` as a 200 application/json response. */
export function jsonExchange(request: Exchange['request'], message: Exchange['message'], startedAt = 0): Exchange {
  const body = JSON.stringify(message);
  return {
    request,
    response: {
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'application/json']],
      contentType: 'application/json',
      body,
      size: body.length,
    },
    startedAt,
    durationMs: 5,
    message,
  };
}

export function testLeg(input: TestLegInput = {}): LintLeg {
  const method = input.method ?? 'tools/call';
  const id = input.id ?? 1;
  const capabilities = input.capabilities ?? ALL_CAPS;
  const params: JsonObject = {
    ...(input.params ?? { name: 'provision', arguments: { name: 'orders' } }),
    // raw, not normalised: tests need to send `"elicitation": {}` as a real client might
    _meta: { ...envelope({ capabilities }), [META_CLIENT_CAPABILITIES]: capabilities as JsonObject },
  };
  if (input.inputResponses) params.inputResponses = input.inputResponses;
  if (input.requestState !== undefined) params.requestState = input.requestState;
  const request: JsonRpcRequest = { jsonrpc: '2.0', id, method, params };
  const message = input.error
    ? { jsonrpc: '2.0', id, error: input.error }
    : { jsonrpc: '2.0', id, result: input.result ?? { resultType: 'complete', content: [] } };
  const exchange = jsonExchange(
    {
      url: 'http://127.0.0.1:1/mcp',
      method: 'POST',
      headers: input.headers ?? requestHeaders(request),
      body: input.body ?? JSON.stringify(request),
    },
    message,
  );
  const sent: LintSent = {
    answeredKeys: Object.keys(input.inputResponses ?? {}),
    unansweredKeys: [],
    requestStateEdited: false,
    bodyEdited: false,
    capabilities,
    ...input.sent,
  };
  if (input.inputResponses) sent.inputResponses = input.inputResponses;
  if (input.requestState !== undefined && !('requestState' in (input.sent ?? {}))) {
    sent.requestState = input.requestState;
  }
  return { method, rpcId: id, exchange, outcome: classifyExchange(exchange, method, id), sent };
}

/** An input_required result asking `keys` (form elicitation with a plain string field) with `state`. */
export function askResult(keys: string[], state?: string): JsonObject {
  const inputRequests: JsonObject = {};
  for (const key of keys) {
    inputRequests[key] = {
      method: 'elicitation/create',
      params: {
        mode: 'form',
        message: `What is ${key}?`,
        requestedSchema: { type: 'object', properties: { [key]: { type: 'string' } } },
      },
    };
  }
  const result: JsonObject = { resultType: 'input_required', inputRequests };
  if (state !== undefined) result.requestState = state;
  return result;
}

export const accept = (value: string): JsonObject => ({ action: 'accept', content: { v: value } });
