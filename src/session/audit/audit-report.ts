/**
 * The audit's report: a scorecard per tool, prompt or resource template, how it is scored, and what a server of the
 * 2025-11-25 era gets instead. What the screens and the command line's formats read; running the audit is audit.ts,
 * which the panel loads only when an audit starts.
 */
import { LEGACY_ERA_VERSION } from '../../protocol/era.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import type { CheckResult } from './audit-checks.ts';
import { CHECKS } from './audit-spec.ts';
import type { ListingProblem } from './audit-targets.ts';

/** How many checks each scorecard holds. */
export const CHECKS_PER_TARGET = Object.keys(CHECKS).length;

export interface Scorecard {
  method: string;
  name: string;
  asks: string[];
  checks: CheckResult[];
  score: { pass: number; warn: number; fail: number; skip: number; percent: number };
}

export interface AuditReport {
  server: string;
  fleet: string[];
  scorecards: Scorecard[];
  /** candidates whose first answer asked nothing, with what they answered */
  notAsking: { name: string; outcome: string }[];
  problems: ListingProblem[];
  /** set when the user stopped the audit: the scorecards are those finished before */
  cancelled?: boolean;
  /** set when the server speaks the 2025-11-25 era: nothing was audited, and `legacyAuditNote` says why */
  era?: { version: typeof LEGACY_ERA_VERSION; reason: string };
}

/**
 * What applies to a server of the 2025-11-25 era, said plainly: it keeps a call's state in its session, so it hands
 * out no requestState to score. `reason`: how the era was found (server/discover's answer, or the connection's).
 */
export function legacyAuditNote(reason: string): string {
  return `This server speaks ${LEGACY_ERA_VERSION} (${reason}). A server of that era keeps a call's state in its session (Mcp-Session-Id) and asks for input with requests it pushes, so it hands out no requestState: there is nothing for this audit to score. Audit a ${PROTOCOL_VERSION} endpoint of the server, if it has one.`;
}

/** The report of an audit that found a 2025-11-25 server: no scorecards, the era and why. */
export function legacyEraReport(server: string, fleet: readonly string[], reason: string): AuditReport {
  return {
    server,
    fleet: [...fleet],
    scorecards: [],
    notAsking: [],
    problems: [],
    era: { version: LEGACY_ERA_VERSION, reason },
  };
}

export function score(checks: readonly CheckResult[]): Scorecard['score'] {
  const count = (s: CheckResult['status']) => checks.filter((c) => c.status === s).length;
  const pass = count('pass');
  const warn = count('warn');
  const fail = count('fail');
  const applicable = pass + warn + fail;
  return {
    pass,
    warn,
    fail,
    skip: count('skip'),
    percent: applicable ? Math.round((100 * (pass + warn / 2)) / applicable) : 0,
  };
}

/** The report as JSON text: what `mrtr-inspector audit --json` prints and the app's "Export JSON" saves. */
export function auditReportJson(report: AuditReport): string {
  return JSON.stringify(report, null, 2);
}
