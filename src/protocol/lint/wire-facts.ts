/** What a recorded leg actually carried on the wire, read once from the request and response bodies. */
import type { Exchange } from '../exchange.ts';
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
  params?: JsonObject;
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
      out.params = params;
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
