import { declaresTasks, TASKS_EXTENSION } from './tasks/wire.ts';
import type { ClientCapabilities, ClientInfo, JsonObject } from './types.ts';
import { isJsonObject } from './types.ts';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION, PROTOCOL_VERSION } from './types.ts';

export const DEFAULT_CLIENT_INFO: ClientInfo = { name: 'mrtr-inspector', version: '0.1.0' };

/**
 * Everything this app can answer: form and URL elicitation, sampling (with tools: the sampling card composes
 * tool_use replies, 2025-11-25 client/sampling "Tools in Sampling", `sampling.tools`), roots.
 */
export const ALL_CAPABILITIES: ClientCapabilities = {
  elicitation: { form: {}, url: {} },
  sampling: { tools: {} },
  roots: {},
};

/** `_meta` key of the log level a request asks for (replaces `logging/setLevel` in 2026-07-28). */
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';

/** The MCP logging levels (RFC 5424 severities), least to most severe. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Optional `_meta` members a call asks for: progress notifications, log messages at or above a level, a W3C trace
 * context. They belong to the call, so every retry leg of it carries the same values.
 */
export interface RequestOptions {
  progressToken?: string | number;
  logLevel?: LogLevel;
  traceparent?: string;
}

export interface EnvelopeOptions {
  protocolVersion?: string;
  capabilities?: ClientCapabilities;
  clientInfo?: ClientInfo;
  options?: RequestOptions;
}

const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * Why `value` does not look like a W3C `traceparent` (`version-traceid-parentid-flags`, lowercase hex), or undefined
 * when it does. Loose on purpose: the inspector still sends what the user typed.
 */
export function traceparentProblem(value: string): string | undefined {
  if (TRACEPARENT.test(value)) {
    if (/^0{32}$/.test(value.slice(3, 35))) return 'the trace id is all zeros, which W3C Trace Context calls invalid';
    if (/^0{16}$/.test(value.slice(36, 52))) return 'the parent id is all zeros, which W3C Trace Context calls invalid';
    return undefined;
  }
  return 'expected version-traceid-parentid-flags in lowercase hex (2-32-16-2 digits), e.g. 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
}

/**
 * Drop empty or undefined members. An `elicitation` with neither `form` nor `url` is removed, because on the wire
 * `"elicitation": {}` would mean "form only".
 */
function normalizeCapabilities(caps: ClientCapabilities): ClientCapabilities {
  const out: ClientCapabilities = {};
  for (const [key, value] of Object.entries(caps)) {
    if (value === undefined || value === null) continue;
    if (key === 'elicitation' && isJsonObject(value)) {
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
  const meta: JsonObject = {
    [META_PROTOCOL_VERSION]: opts.protocolVersion ?? PROTOCOL_VERSION,
    [META_CLIENT_CAPABILITIES]: normalizeCapabilities(opts.capabilities ?? ALL_CAPABILITIES) as JsonObject,
    [META_CLIENT_INFO]: { ...(opts.clientInfo ?? DEFAULT_CLIENT_INFO) },
  };
  const o = opts.options;
  if (o?.progressToken !== undefined) meta.progressToken = o.progressToken;
  if (o?.logLevel !== undefined) meta[META_LOG_LEVEL] = o.logLevel;
  if (o?.traceparent !== undefined && o.traceparent !== '') meta.traceparent = o.traceparent;
  return meta;
}

/** The options worth keeping: undefined when none is set (so drafts and saved legs stay as they were). */
export function requestOptionsOrNone(o: RequestOptions): RequestOptions | undefined {
  const out: RequestOptions = {};
  if (o.progressToken !== undefined && o.progressToken !== '') out.progressToken = o.progressToken;
  if (o.logLevel !== undefined) out.logLevel = o.logLevel;
  if (o.traceparent !== undefined && o.traceparent.trim() !== '') out.traceparent = o.traceparent.trim();
  return Object.keys(out).length ? out : undefined;
}

/** `tasks`: the tasks extension, declared under `extensions["io.modelcontextprotocol/tasks"]` (off by default). */
export type CapabilityFlag = 'form' | 'url' | 'sampling' | 'roots' | 'tasks';

export function hasCapability(caps: ClientCapabilities, flag: CapabilityFlag): boolean {
  if (flag === 'form' || flag === 'url') return Boolean(caps.elicitation?.[flag]);
  if (flag === 'tasks') return declaresTasks(caps as JsonObject);
  return Boolean(caps[flag]);
}

/** Turn one declared capability on or off, returning a normalised copy. */
export function withCapability(caps: ClientCapabilities, flag: CapabilityFlag, on: boolean): ClientCapabilities {
  const next: ClientCapabilities = { ...caps };
  if (flag === 'tasks') {
    const extensions: JsonObject = isJsonObject(caps.extensions) ? { ...caps.extensions } : {};
    if (on) extensions[TASKS_EXTENSION] = {};
    else delete extensions[TASKS_EXTENSION];
    if (Object.keys(extensions).length) next.extensions = extensions;
    else delete next.extensions;
  } else if (flag === 'form' || flag === 'url') {
    const elicitation: { form?: JsonObject; url?: JsonObject } = { ...(caps.elicitation ?? {}) };
    if (on) elicitation[flag] = {};
    else delete elicitation[flag];
    next.elicitation = elicitation;
  } else if (on) next[flag] = flag === 'sampling' ? { tools: {} } : {};
  else delete next[flag];
  return normalizeCapabilities(next);
}
