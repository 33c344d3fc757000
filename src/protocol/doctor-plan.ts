/**
 * What the app does with a failed connection, before and after the doctor runs. PURE.
 * - `directErrorOf`: a recorded discover exchange + its outcome → the `directError` input of `diagnose`.
 * - `versionRecoveryOf`: a -32022 answer (at connect time or to a later call) → what the server lists, which of those
 *   this client speaks, and the one version to offer for a manual resend.
 * - `versionRetryOf`: a -32022 answer naming a version this client speaks → retry with it, and what to say.
 * - `relevantFindings`: drop findings that cannot apply to the transport in use (CORS advice while on the relay).
 */
import type { Outcome } from './classify.ts';
import type { DiagnoseInput, Finding } from './doctor.ts';
import type { Exchange } from './exchange.ts';
import { isJsonObject, PROTOCOL_VERSION } from './types.ts';

/** Protocol versions this client can speak (it builds 2026-07-28 envelopes only). */
export const CLIENT_SUPPORTED_VERSIONS: readonly string[] = [PROTOCOL_VERSION];

export function directErrorOf(outcome: Outcome, exchange: Exchange): NonNullable<DiagnoseInput['directError']> {
  const response = exchange.response;
  if (!response) {
    return { kind: 'network', message: exchange.failure?.message ?? 'no response was recorded' };
  }
  const message =
    outcome.kind === 'error'
      ? `JSON-RPC error ${outcome.error.code}: ${outcome.error.message}`
      : outcome.kind === 'invalid' || outcome.kind === 'transport'
        ? outcome.reason
        : `HTTP ${response.status}`;
  if (outcome.kind === 'invalid' && exchange.message === undefined && response.status < 300) {
    return { kind: 'parse', message, status: response.status };
  }
  const out: NonNullable<DiagnoseInput['directError']> = { kind: 'http', message, status: response.status };
  if (exchange.message !== undefined) out.body = exchange.message;
  return out;
}

/** The versions a -32022 error lists in `data.supported` (empty when it is not one, or lists none). */
export function supportedVersionsOf(outcome: Outcome): string[] {
  if (outcome.kind !== 'error' || outcome.error.code !== -32022) return [];
  const data = outcome.error.data;
  const supported = isJsonObject(data) ? (data as { supported?: unknown }).supported : undefined;
  return Array.isArray(supported) ? supported.filter((v): v is string => typeof v === 'string') : [];
}

/** What a -32022 answer allows: the server's list, the part of it this client speaks, and what to offer. */
export interface VersionRecovery {
  /** the version the refused request carried (the caller's, else the error's `data.requested`); absent if unknown */
  requested?: string;
  /** the versions the server listed in `data.supported`, in its order, without repeats */
  supported: string[];
  /** the listed versions this client speaks, in the client's order of preference */
  spoken: string[];
  /**
   * the version to offer: the first spoken one that is not the refused one, else the refused one itself when the
   * server lists it (it refused a version it claims to support: instances of a fleet disagree). Absent when the
   * server lists nothing this client speaks: then there is nothing to resend with.
   */
  offer?: string;
  /** `offer` is the very version the server just refused (resending may reach another instance, or fail the same) */
  offerIsRequested: boolean;
}

/**
 * The decision behind a -32022 answer: undefined when `outcome` is not a -32022. `requested` is the version the
 * refused request actually carried (its MCP-Protocol-Version header); the error's `data.requested` fills in when the
 * caller does not know it. Nothing here retries: callers decide whether (and how often) to act on `offer`.
 */
export function versionRecoveryOf(
  outcome: Outcome,
  requested?: string,
  ours: readonly string[] = CLIENT_SUPPORTED_VERSIONS,
): VersionRecovery | undefined {
  if (outcome.kind !== 'error' || outcome.error.code !== -32022) return undefined;
  const data = outcome.error.data;
  const claimed = isJsonObject(data) && typeof data.requested === 'string' ? data.requested : undefined;
  const asked = requested ?? claimed;
  const supported = [...new Set(supportedVersionsOf(outcome))];
  const spoken = ours.filter((v) => supported.includes(v));
  const offer = spoken.find((v) => v !== asked) ?? spoken[0];
  const out: VersionRecovery = { supported, spoken, offerIsRequested: offer !== undefined && offer === asked };
  if (asked !== undefined) out.requested = asked;
  if (offer !== undefined) out.offer = offer;
  return out;
}

/**
 * A -32022 naming a version this client speaks (and that is not the one just tried): retry with it.
 * Returns undefined when there is nothing to retry with, so a server that keeps answering -32022 cannot loop us.
 */
export function versionRetryOf(
  outcome: Outcome,
  requested: string,
  ours: readonly string[] = CLIENT_SUPPORTED_VERSIONS,
): { version: string; note: string } | undefined {
  const recovery = versionRecoveryOf(outcome, requested, ours);
  // an automatic retry never repeats the refused version
  if (!recovery?.offer || recovery.offerIsRequested) return undefined;
  const version = recovery.offer;
  return {
    version,
    note: `The server does not support ${requested} (it supports ${recovery.supported.join(', ')}); retried with ${version}.`,
  };
}

/** Findings about the browser's own limits (CORS, mixed content) do not apply when the relay carries the request. */
const BROWSER_ONLY = new Set([
  'preflight-refused',
  'cors-missing-allow-headers',
  'cors-allow-origin',
  'cors-expose-www-authenticate',
  'mixed-content',
  'browser-network-error',
  'forbidden-origin',
]);

export function relevantFindings(findings: Finding[], viaRelay: boolean): Finding[] {
  return viaRelay ? findings.filter((f) => !BROWSER_ONLY.has(f.id)) : findings;
}
