/**
 * Types and small helpers shared by the chaos endpoint (`../chaos.ts`) and its case files in this folder.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonObject } from '../../../protocol/types.ts';

const CHAOS_SERVER_INFO = { name: 'mrtr-chaos', version: '0.1.0' } as const;

const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

export type JsonObject = Record<string, unknown>;
export type RpcId = string | number;

export interface CallContext {
  req: IncomingMessage;
  res: ServerResponse;
  id: RpcId;
  params: JsonObject;
  /** `params._meta["io.modelcontextprotocol/clientCapabilities"]` of this request (`{}` when absent). */
  clientCapabilities: JsonObject;
}

export interface ChaosTool {
  name: string;
  title: string;
  description: string;
  run(ctx: CallContext): void | Promise<void>;
}

export function serverMeta(): JsonObject {
  return { [META_SERVER_INFO]: { ...CHAOS_SERVER_INFO } };
}

function sendJson(res: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
    ...extraHeaders,
  });
  res.end(text);
}

export function sendResult(res: ServerResponse, id: RpcId, result: JsonObject): void {
  sendJson(res, 200, { jsonrpc: '2.0', id, result });
}

export function sendError(
  res: ServerResponse,
  status: number,
  id: RpcId | null,
  code: number,
  message: string,
  data?: unknown,
  extraHeaders?: Record<string, string>,
): void {
  sendJson(
    res,
    status,
    { jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined ? { data } : {}) } },
    extraHeaders,
  );
}

export function textResult(text: string, extra: JsonObject = {}): JsonObject {
  return { resultType: 'complete', content: [{ type: 'text', text }], ...extra, _meta: serverMeta() };
}

/** An `input_required` result carrying `inputRequests` and `requestState`. */
export function inputRequiredResult(inputRequests: JsonObject, requestState: string): JsonObject {
  return { resultType: 'input_required', inputRequests, requestState, _meta: serverMeta() };
}

function hasInputResponses(params: JsonObject): boolean {
  return isJsonObject(params.inputResponses) && Object.keys(params.inputResponses).length > 0;
}

/**
 * "A retry with any inputResponses completes and echoes what it received": when this call carries a non-empty
 * `inputResponses`, answers the complete result `<lead> Received inputResponses <json>[ and requestState <json>].`
 * and returns true; otherwise sends nothing and returns false.
 */
export function completeRetryEchoing(
  { res, id, params }: CallContext,
  lead: string,
  options: { echoRequestState?: boolean } = {},
): boolean {
  if (!hasInputResponses(params)) return false;
  const state = options.echoRequestState ? ` and requestState ${JSON.stringify(params.requestState ?? null)}` : '';
  sendResult(res, id, textResult(`${lead} Received inputResponses ${JSON.stringify(params.inputResponses)}${state}.`));
  return true;
}
