import type { JsonObject, JsonRpcRequest, JsonValue } from './types.ts';
import { PROTOCOL_VERSION } from './types.ts';

/** A header value is "safe" when it is printable ASCII without leading/trailing whitespace. */
export function isSafeHeaderValue(value: string): boolean {
  return /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(value);
}

function base64Utf8(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Encode a header value, using the `=?base64?...?=` sentinel for values that are not plain ASCII. */
export function encodeHeaderValue(value: string): string {
  return isSafeHeaderValue(value) ? value : `=?base64?${base64Utf8(value)}?=`;
}

/** Decode a header value that may use the base64 sentinel. Returns the input unchanged when it does not. */
export function decodeHeaderValue(value: string): string {
  const match = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(value);
  if (!match) return value;
  try {
    const binary = atob(match[1] ?? '');
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return value;
  }
}

/** Which params field names the target of an MRTR-capable method for the `Mcp-Name` header. */
export function nameForHeader(method: string, params: JsonObject | undefined): string | undefined {
  if (!params) return undefined;
  if (method === 'tools/call' || method === 'prompts/get') {
    return typeof params.name === 'string' ? params.name : undefined;
  }
  if (method === 'resources/read') return typeof params.uri === 'string' ? params.uri : undefined;
  // the tasks extension (SEP-2663): tasks/get, tasks/update and tasks/cancel carry Mcp-Name: <taskId>
  if (method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel') {
    return typeof params.taskId === 'string' ? params.taskId : undefined;
  }
  return undefined;
}

export interface ParamHeaderDeclaration {
  /** argument (property) name in the tool's inputSchema */
  argument: string;
  /** header suffix: sent as `Mcp-Param-<header>` */
  header: string;
}

const HEADER_TOKEN = /^[A-Za-z0-9-]+$/;

/** Reads `x-mcp-header` declarations from a tool inputSchema. Invalid declarations are returned separately. */
export function paramHeaderDeclarations(inputSchema: JsonObject | undefined): {
  valid: ParamHeaderDeclaration[];
  invalid: { argument: string; reason: string }[];
} {
  const valid: ParamHeaderDeclaration[] = [];
  const invalid: { argument: string; reason: string }[] = [];
  const props = inputSchema?.properties;
  if (!props || typeof props !== 'object' || Array.isArray(props)) return { valid, invalid };
  const seen = new Set<string>();
  for (const [argument, schema] of Object.entries(props)) {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) continue;
    const declared = (schema as JsonObject)['x-mcp-header'];
    if (declared === undefined) continue;
    if (typeof declared !== 'string' || !HEADER_TOKEN.test(declared)) {
      invalid.push({
        argument,
        reason: `x-mcp-header must be a non-empty header token, got ${JSON.stringify(declared)}`,
      });
      continue;
    }
    const type = (schema as JsonObject).type;
    if (type === 'object' || type === 'array') {
      invalid.push({ argument, reason: `x-mcp-header is only allowed on primitive arguments, not ${String(type)}` });
      continue;
    }
    const key = declared.toLowerCase();
    if (seen.has(key)) {
      invalid.push({ argument, reason: `duplicate x-mcp-header name "${declared}"` });
      continue;
    }
    seen.add(key);
    valid.push({ argument, header: declared });
  }
  return { valid, invalid };
}

function primitiveToHeader(value: JsonValue | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return encodeHeaderValue(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export interface HeaderOptions {
  protocolVersion?: string;
  /** the tool's inputSchema, for `x-mcp-header` arguments */
  inputSchema?: JsonObject;
  authorization?: string;
  extra?: Record<string, string>;
}

/** The HTTP headers a 2026-07-28 client sends with a request body, in a stable display order. */
export function requestHeaders(body: JsonRpcRequest, opts: HeaderOptions = {}): [string, string][] {
  const headers: [string, string][] = [
    ['Content-Type', 'application/json'],
    ['Accept', 'application/json, text/event-stream'],
    ['MCP-Protocol-Version', opts.protocolVersion ?? PROTOCOL_VERSION],
    ['Mcp-Method', body.method],
  ];
  const name = nameForHeader(body.method, body.params);
  if (name !== undefined) headers.push(['Mcp-Name', encodeHeaderValue(name)]);
  if (body.method === 'tools/call' && opts.inputSchema) {
    const args = body.params?.arguments;
    const argObj = args && typeof args === 'object' && !Array.isArray(args) ? (args as JsonObject) : {};
    for (const decl of paramHeaderDeclarations(opts.inputSchema).valid) {
      const value = primitiveToHeader(argObj[decl.argument]);
      if (value !== undefined) headers.push([`Mcp-Param-${decl.header}`, value]);
    }
  }
  if (opts.authorization) headers.push(['Authorization', opts.authorization]);
  for (const [k, v] of Object.entries(opts.extra ?? {})) {
    const existing = headers.findIndex(([name]) => name.toLowerCase() === k.toLowerCase());
    if (existing >= 0) headers[existing] = [k, v];
    else headers.push([k, v]);
  }
  return headers;
}

/** Headers the MCP spec defines (highlighted in the inspector). */
export function isMcpHeader(name: string): boolean {
  const n = name.toLowerCase();
  return n === 'mcp-protocol-version' || n === 'mcp-method' || n === 'mcp-name' || n.startsWith('mcp-param-');
}
