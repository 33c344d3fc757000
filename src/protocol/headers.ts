import type { JsonObject, JsonRpcRequest, JsonValue } from './types.ts';
import { isJsonObject, PROTOCOL_VERSION } from './types.ts';
import { paramHeaderDeclarations, valueAt } from './param-headers.ts';

/** A header value is "safe" when it is printable ASCII without leading/trailing whitespace. */
function isSafeHeaderValue(value: string): boolean {
  return /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(value);
}

function base64Utf8(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** A plain value that would read as the base64 sentinel (`=?base64?…?=`) must itself be encoded. */
const SENTINEL = /^=\?base64\?.*\?=$/i;

/**
 * Encode a header value (2026-07-28 basic/transports "Value encoding"): the `=?base64?…?=` sentinel for values that
 * are not printable ASCII without surrounding whitespace, and for plain values that look like the sentinel.
 */
export function encodeHeaderValue(value: string): string {
  return isSafeHeaderValue(value) && !SENTINEL.test(value) ? value : `=?base64?${base64Utf8(value)}?=`;
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

/**
 * The header value of a mirrored argument (2026-07-28 basic/transports "Value encoding"): strings encoded as needed,
 * booleans as `true`/`false`, integers in decimal; nothing for null/absent values or for an integer outside the
 * JavaScript safe range (it cannot be written exactly; the SDK omits it too).
 */
function paramHeaderValue(value: JsonValue | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return encodeHeaderValue(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
  return undefined;
}

export interface HeaderOptions {
  protocolVersion?: string;
  /** the tool's inputSchema, for `x-mcp-header` arguments */
  inputSchema?: JsonObject;
  authorization?: string;
  /**
   * connection-wide custom headers: added, but never in place of a header the client manages (those are set from the
   * body and the settings; a silent replacement would make header and body disagree)
   */
  extra?: Record<string, string>;
  /** per-leg headers the user typed in the composer: a deliberate edit, allowed to replace managed headers */
  overrides?: Record<string, string>;
}

/**
 * Headers the client sets itself, from the body and the settings (2026-07-28 basic/transports), or that the transport
 * sets (Content-Length, Host): typing one by hand replaces what would be sent.
 */
export function isManagedHeader(name: string): boolean {
  const n = name.toLowerCase();
  return (
    n === 'content-type' ||
    n === 'accept' ||
    n === 'authorization' ||
    n === 'content-length' ||
    n === 'host' ||
    isMcpHeader(n)
  );
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
    const argObj = isJsonObject(args) ? (args as JsonObject) : {};
    for (const decl of paramHeaderDeclarations(opts.inputSchema).valid) {
      const value = paramHeaderValue(valueAt(argObj, decl.path));
      if (value !== undefined) headers.push([`Mcp-Param-${decl.header}`, value]);
    }
  }
  if (opts.authorization) headers.push(['Authorization', opts.authorization]);
  for (const [k, v] of Object.entries(opts.extra ?? {})) {
    if (isManagedHeader(k) || headers.some(([name]) => name.toLowerCase() === k.toLowerCase())) continue;
    headers.push([k, v]);
  }
  for (const [k, v] of Object.entries(opts.overrides ?? {})) {
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
