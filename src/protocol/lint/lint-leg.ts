import { CLIENT_RULES } from './client-rules.ts';
import { SERVER_RULES } from './server-rules.ts';
import type { LintContext, LintFinding, LintSeverity } from './lint-types.ts';

const ORDER: Record<LintSeverity, number> = { error: 0, warning: 1, info: 2 };

/** Every finding for one leg in its retry chain, most severe first. Client rules apply to retries and first legs. */
export function lintLeg(ctx: LintContext): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const rule of CLIENT_RULES) findings.push(...rule(ctx));
  for (const rule of SERVER_RULES) findings.push(...rule(ctx));
  return findings.sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}
