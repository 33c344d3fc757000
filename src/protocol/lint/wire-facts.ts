/** What a recorded leg actually carried on the wire, read once from the request and response bodies. */
import type { Exchange } from '../exchange.ts';
import { nameForHeader } from '../headers.ts';
import {
  isJsonObject,
  META_CLIENT_CAPABILITIES,
  META_PROTOCOL_VERSION,
  type ClientCapabilities,
  type JsonObject,
} from '../types.ts';

export interface SentBody {
  /** false when the body is not a JSON object (edited by hand into something else) */
  parsed: boolean;
  id?: unknown;
  method?: unknown;
  /** what `Mcp-Name` should say for this body (the tool / prompt name or resource uri), when the method has one */
  headerName?: string;
  /** `params.requestState` as sent (any JSON type), `undefined` when absent */
  requestState?: unknown;
  hasRequestState: boolean;
  inputResponseKeys: string[];
  capabilities?: ClientCapabilities;
  protocolVersion?: unknown;
}

const sentCache = new WeakMap<Exchange, SentBody>();

/** The request body as sent, parsed (cached per exchange: bodies never change once recorded). */
export function sentBody(exchange: Exchange): SentBody {
  const cached = sentCache.get(exchange);
  if (cached) return cached;
  let message: unknown;
  try {
    message = JSON.parse(exchange.request.body) as unknown;
  } catch {
    message = undefined;
  }
  const out: SentBody = { parsed: false, hasRequestState: false, inputResponseKeys: [] };
  if (isJsonObject(message)) {
    out.parsed = true;
    out.id = message.id;
    out.method = message.method;
    if (isJsonObject(message.params)) {
      const params = message.params;
      // only facts are kept, not the parsed body: the cache lives as long as the session's legs
      if (typeof message.method === 'string') {
        const name = nameForHeader(message.method, params);
        if (name !== undefined) out.headerName = name;
      }
      out.hasRequestState = 'requestState' in params;
      if (out.hasRequestState) out.requestState = params.requestState;
      if (isJsonObject(params.inputResponses)) out.inputResponseKeys = Object.keys(params.inputResponses);
      const meta = params._meta;
      if (isJsonObject(meta)) {
        const caps = meta[META_CLIENT_CAPABILITIES];
        if (isJsonObject(caps)) out.capabilities = caps as ClientCapabilities;
        out.protocolVersion = meta[META_PROTOCOL_VERSION];
      }
    }
  }
  sentCache.set(exchange, out);
  return out;
}

/** The raw `result` object of the response message, when there is one. */
export function rawResult(exchange: Exchange): JsonObject | undefined {
  const message = exchange.message;
  if (!isJsonObject(message)) return undefined;
  return isJsonObject(message.result) ? message.result : undefined;
}
