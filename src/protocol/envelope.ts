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

/**
 * Drop empty or undefined members. An `elicitation` with neither `form` nor `url` is removed, because on the wire
 * `"elicitation": {}` would mean "form only".
 */
export function normalizeCapabilities(caps: ClientCapabilities): ClientCapabilities {
  const out: ClientCapabilities = {};
  for (const [key, value] of Object.entries(caps)) {
    if (value === undefined || value === null) continue;
    if (key === 'elicitation' && typeof value === 'object' && !Array.isArray(value)) {
      const e: { form?: JsonObject; url?: JsonObject } = {};
      const v = value as { form?: JsonObject; url?: JsonObject };
      if (v.form) e.form = v.form;
      if (v.url) e.url = v.url;
      if (e.form || e.url) out.elicitation = e;
      continue;
    }
    out[key] = value;
  }
  return out;
}

/** The per-request `_meta` envelope that replaces `initialize` in 2026-07-28. */
export function envelope(opts: EnvelopeOptions = {}): JsonObject {
  return {
    [META_PROTOCOL_VERSION]: opts.protocolVersion ?? PROTOCOL_VERSION,
    [META_CLIENT_CAPABILITIES]: normalizeCapabilities(opts.capabilities ?? ALL_CAPABILITIES) as JsonObject,
    [META_CLIENT_INFO]: { ...(opts.clientInfo ?? DEFAULT_CLIENT_INFO) },
  };
}

export type CapabilityFlag = 'form' | 'url' | 'sampling' | 'roots';

export function hasCapability(caps: ClientCapabilities, flag: CapabilityFlag): boolean {
  if (flag === 'form' || flag === 'url') return Boolean(caps.elicitation?.[flag]);
  return Boolean(caps[flag]);
}

/** Turn one declared capability on or off, returning a normalised copy. */
export function withCapability(caps: ClientCapabilities, flag: CapabilityFlag, on: boolean): ClientCapabilities {
  const next: ClientCapabilities = { ...caps };
  if (flag === 'form' || flag === 'url') {
    const elicitation: { form?: JsonObject; url?: JsonObject } = { ...(caps.elicitation ?? {}) };
    if (on) elicitation[flag] = {};
    else delete elicitation[flag];
    next.elicitation = elicitation;
  } else if (on) next[flag] = {};
  else delete next[flag];
  return normalizeCapabilities(next);
}
