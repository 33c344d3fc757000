import { carriedOverStdio } from '../proxy-wire.ts';
import { CLIENT_RULES, headersAgreeWithBody } from './client-rules.ts';
import { LEGACY_HTTP_RULES, LEGACY_RULES, legEra } from './legacy-rules.ts';
import { SERVER_RULES } from './server-rules.ts';
import type { LintContext, LintFinding, LintSeverity } from './lint-types.ts';

const ORDER: Record<LintSeverity, number> = { error: 0, warning: 1, info: 2 };

/** Rules that judge the HTTP headers a leg carried: a leg a tap carried over stdio had none, by the transport. */
const HTTP_HEADER_RULES = new Set<(ctx: LintContext) => LintFinding[]>([headersAgreeWithBody, ...LEGACY_HTTP_RULES]);

/**
 * Every finding for one leg in its retry chain, most severe first. Client rules apply to retries and first legs. A leg
 * of a 2025-11-25 session gets that era's own rules, never a 2026-07-28 one. A leg carried over stdio (a tap) is judged
 * by every rule but those about HTTP headers.
 */
export function lintLeg(ctx: LintContext): LintFinding[] {
  const findings: LintFinding[] = [];
  const rules = legEra(ctx.leg) === 'legacy' ? LEGACY_RULES : [...CLIENT_RULES, ...SERVER_RULES];
  const stdio = carriedOverStdio(ctx.leg.exchange.request);
  for (const rule of rules) if (!stdio || !HTTP_HEADER_RULES.has(rule)) findings.push(...rule(ctx));
  return findings.sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}
