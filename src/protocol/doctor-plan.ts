/**
 * What the app does with a failed connection, before and after the doctor runs. PURE.
 * - `directErrorOf`: a recorded discover exchange + its outcome → the `directError` input of `diagnose`.
 * - `versionRetryOf`: a -32022 answer naming a version this client speaks → retry with it, and what to say.
 * - `relevantFindings`: drop findings that cannot apply to the transport in use (CORS advice while on the relay).
 */
import type { Outcome } from './classify.ts';
import type { DiagnoseInput, Finding } from './doctor.ts';
import type { Exchange } from './exchange.ts';
import { PROTOCOL_VERSION } from './types.ts';

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
  const supported =
    data && typeof data === 'object' && !Array.isArray(data) ? (data as { supported?: unknown }).supported : undefined;
  return Array.isArray(supported) ? supported.filter((v): v is string => typeof v === 'string') : [];
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
  const supported = supportedVersionsOf(outcome);
  const version = ours.find((v) => supported.includes(v) && v !== requested);
  if (!version) return undefined;
  return {
    version,
    note: `The server does not support ${requested} (it supports ${supported.join(', ')}); retried with ${version}.`,
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
