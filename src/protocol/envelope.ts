import type { ClientCapabilities, ClientInfo, JsonObject } from './types.ts';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION, PROTOCOL_VERSION } from './types.ts';

export const DEFAULT_CLIENT_INFO: ClientInfo = { name: 'mrtr-inspector', version: '0.1.0' };

/** Everything this app can answer: form and URL elicitation, sampling, roots. */
export const ALL_CAPABILITIES: ClientCapabilities = {
  elicitation: { form: {}, url: {} },
  sampling: {},
  roots: {},
};

export interface EnvelopeOptions {
  protocolVersion?: string;
  capabilities?: ClientCapabilities;
  clientInfo?: ClientInfo;
}

/** The per-request `_meta` envelope that replaces `initialize` in 2026-07-28. */
export function envelope(opts: EnvelopeOptions = {}): JsonObject {
  return {
    [META_PROTOCOL_VERSION]: opts.protocolVersion ?? PROTOCOL_VERSION,
    [META_CLIENT_CAPABILITIES]: (opts.capabilities ?? ALL_CAPABILITIES) as JsonObject,
    [META_CLIENT_INFO]: { ...(opts.clientInfo ?? DEFAULT_CLIENT_INFO) },
  };
}
