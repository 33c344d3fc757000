/**
 * Wire types for MCP 2026-07-28 as this inspector sees them. Deliberately loose where servers are untrusted:
 * anything parsed from the network is `unknown` until a classifier narrows it.
 */

export const PROTOCOL_VERSION = '2026-07-28';
export const LEGACY_PROTOCOL_VERSION = '2025-11-25';

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';

type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

/** `v` when it is a JSON object, else undefined: for reading a member of untrusted JSON that should hold one. */
export function asJsonObject(v: unknown): JsonObject | undefined {
  return isJsonObject(v) ? v : undefined;
}

export type RpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RpcId;
  method: string;
  params?: JsonObject;
}

export interface JsonRpcError {
  code: number;
  message: string;
  data?: JsonValue;
}

/** The `error` member of an untrusted JSON-RPC message, when it is an object (its members still unchecked). */
export function errorOf(value: unknown): { code?: number; message?: string; data?: unknown } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const err = (value as { error?: unknown }).error;
  if (typeof err !== 'object' || err === null) return undefined;
  return err as { code?: number; message?: string; data?: unknown };
}

/** The three methods that may answer `input_required`. */
export const MRTR_METHODS = ['tools/call', 'prompts/get', 'resources/read'] as const;

export interface ClientCapabilities {
  elicitation?: { form?: JsonObject; url?: JsonObject };
  sampling?: JsonObject;
  roots?: JsonObject;
  [key: string]: JsonValue | undefined;
}

export interface ClientInfo {
  name: string;
  version: string;
}

/** One embedded request inside `inputRequests`: a bare `{method, params}`. */
export interface InputRequest {
  method: string;
  params?: JsonObject;
}
export type InputRequests = Record<string, InputRequest>;

/** Bare results answering an input request (ElicitResult, CreateMessageResult, ListRootsResult, or anything raw). */
export type InputResponse = JsonObject;
export type InputResponses = Record<string, InputResponse>;

export interface ToolDescriptor {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: JsonObject;
  annotations?: JsonObject;
  /** 2025-11-25: whether the tool runs as a task (`taskSupport`: required, optional, forbidden) */
  execution?: JsonObject;
}

export interface PromptDescriptor {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

export interface ResourceDescriptor {
  uri: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface ResourceTemplateDescriptor {
  uriTemplate: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
}
