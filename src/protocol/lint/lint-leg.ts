import { CLIENT_RULES } from './client-rules.ts';
import { LEGACY_RULES, legEra } from './legacy-rules.ts';
import { SERVER_RULES } from './server-rules.ts';
import type { LintContext, LintFinding, LintSeverity } from './lint-types.ts';

const ORDER: Record<LintSeverity, number> = { error: 0, warning: 1, info: 2 };

/**
 * Every finding for one leg in its retry chain, most severe first. Client rules apply to retries and first legs. A leg
 * of a 2025-11-25 session gets that era's own rules, never a 2026-07-28 one.
 */
export function lintLeg(ctx: LintContext): LintFinding[] {
  const findings: LintFinding[] = [];
  const rules = legEra(ctx.leg) === 'legacy' ? LEGACY_RULES : [...CLIENT_RULES, ...SERVER_RULES];
  for (const rule of rules) findings.push(...rule(ctx));
  return findings.sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}
