/**
 * PURE: which protocol era a server speaks, and the dual-era pitfall.
 *
 * Era detection over streamable HTTP (`basic/versioning` of 2026-07-28, "Backward Compatibility"): send a modern
 * request (`server/discover`); a result or a recognised modern JSON-RPC error means the server is modern (a version
 * error is answered by retrying with a supported version, never by falling back); a 4xx whose body is not a
 * recognised modern error means a legacy server, and the client falls back to `initialize` (2025-11-25).
 * Authorization challenges (401/403), server errors and network failures decide nothing. Over stdio, a server that
 * does not answer within a reasonable time is legacy: the inspector's stdio bridge says so (`DISCOVER_UNANSWERED`).
 */
import type { Finding } from './doctor.ts';
import { errorOf, LEGACY_PROTOCOL_VERSION, PROTOCOL_VERSION } from './types.ts';

export const LEGACY_ERA_VERSION = LEGACY_PROTOCOL_VERSION;

export type Era = 'modern' | 'legacy';
/** Connection settings: detect, or pin one era. */
export type EraSetting = 'auto' | typeof PROTOCOL_VERSION | typeof LEGACY_ERA_VERSION;

/** JSON-RPC codes only a 2026-07-28 server answers with (header mismatch, missing capability, unsupported version). */
const MODERN_ERROR_CODES = new Set([-32020, -32021, -32022, -32004]);

export type DiscoverVerdict =
  { kind: 'modern' } | { kind: 'legacy'; reason: string } | { kind: 'undecided'; reason: string };

/**
 * `data` of the error the inspector's stdio bridge answers when a stdio server did not answer `server/discover` in time
 * (node/stdio/bridge-errors.ts): over stdio, no answer within a reasonable timeout means a legacy server (2026-07-28
 * stdio.mdx, Backward Compatibility).
 */
export const DISCOVER_UNANSWERED = { source: 'mrtr-inspector', reason: 'discover_unanswered' } as const;

/** What the answer to a modern `server/discover` says about the server's era. */
export function eraFromDiscover(status: number | undefined, message: unknown): DiscoverVerdict {
  if (status === undefined) return { kind: 'undecided', reason: 'no HTTP answer' };
  const error = errorOf(message);
  const data = (typeof error?.data === 'object' && error.data !== null ? error.data : {}) as Record<string, unknown>;
  if (data.source === DISCOVER_UNANSWERED.source && data.reason === DISCOVER_UNANSWERED.reason)
    return { kind: 'legacy', reason: 'no answer from the stdio server within the time limit' };
  const code = typeof error?.code === 'number' ? error.code : undefined;
  if (status >= 200 && status < 300) {
    // a DiscoverResult always lists supportedVersions; an empty or other result is a 2025 server's generic answer
    const result = message !== null && typeof message === 'object' && 'result' in message ? message.result : undefined;
    if (
      result !== null &&
      typeof result === 'object' &&
      Array.isArray((result as { supportedVersions?: unknown }).supportedVersions)
    )
      return { kind: 'modern' };
    if (code !== undefined && MODERN_ERROR_CODES.has(code)) return { kind: 'modern' };
    return { kind: 'legacy', reason: `HTTP ${status} without a server/discover result` };
  }
  if (status === 401 || status === 403) return { kind: 'undecided', reason: `HTTP ${status}: authorization first` };
  if (status >= 400 && status < 500) {
    if (code !== undefined && MODERN_ERROR_CODES.has(code)) return { kind: 'modern' };
    const what = code !== undefined ? `error ${code}` : 'a body that is not a 2026-07-28 error';
    return { kind: 'legacy', reason: `HTTP ${status} with ${what}` };
  }
  return { kind: 'undecided', reason: `HTTP ${status}` };
}

/** The era to use: the pinned one, or the detected one (legacy only on a legacy verdict). */
export function chooseEra(setting: EraSetting, verdict: DiscoverVerdict | undefined): Era {
  if (setting === PROTOCOL_VERSION) return 'modern';
  if (setting === LEGACY_ERA_VERSION) return 'legacy';
  return verdict?.kind === 'legacy' ? 'legacy' : 'modern';
}

export interface PitfallInput {
  era: Era;
  method: string;
  /** the tool, prompt or resource */
  name: string;
  /** the JSON-RPC error the call ended with, if it did */
  error?: { code: unknown; message: unknown };
  /** the same call on 2026-07-28 answered input_required (from Compare eras, when it ran) */
  modernAskedForInput?: boolean;
}

const INPUT_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);
const PITFALL_MESSAGE = /input[_ -]?required|invalid result|no input_required vocabulary/i;

/**
 * Recognises the classic dual-era bug: a handler returning `InputRequiredResult` on a 2025-11-25 connection, which the
 * client sees as -32603 ("Handler returned an invalid result" in the Python SDK; the TS SDK without its legacy shim
 * says the revision "has no input_required vocabulary").
 */
export function dualEraPitfall(input: PitfallInput): Finding | undefined {
  if (input.era !== 'legacy' || !INPUT_METHODS.has(input.method) || input.error?.code !== -32603) return undefined;
  const message = typeof input.error.message === 'string' ? input.error.message : '';
  if (!PITFALL_MESSAGE.test(message) && !input.modernAskedForInput) return undefined;
  return {
    id: 'dual-era-pitfall',
    severity: 'error',
    title: 'The dual-era bug: input_required on a 2025-11-25 connection',
    detail:
      `${input.name} needs input, and its handler returned an input_required result on this ${LEGACY_ERA_VERSION} ` +
      `session. That revision has no such result, so the server's SDK turned it into -32603 ("${message}"). ` +
      (input.modernAskedForInput ? `On ${PROTOCOL_VERSION} the same call asked for input as expected. ` : '') +
      `On ${LEGACY_ERA_VERSION} a server asks by sending its own request (elicitation/create, ` +
      `sampling/createMessage, roots/list) on the call's stream.`,
    fix:
      'Server side: check the era before returning input_required, or let the SDK fulfil it (the TypeScript SDK ' +
      'does this by default: McpServer option inputRequired.legacyShim). Client side: call it on ' +
      `${PROTOCOL_VERSION} (pin the era in Connection settings) to answer the question.`,
  };
}
