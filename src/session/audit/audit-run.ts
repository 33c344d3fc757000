import type { AuditOptions } from './audit.ts';
import type { AuditReport } from './audit-report.ts';
import type { CheckResult } from './audit-checks.ts';

/** One "Audit this server" run (transient: never saved; export it as JSON). */
export interface AuditRun {
  status: 'running' | 'done' | 'cancelled' | 'failed';
  server: string;
  fleet: string[];
  /** what is happening now, as text ("Listing tools, prompts and resource templates…") */
  step: string;
  /** the target being audited: its place in the list and the checks finished so far */
  target?: { method: string; name: string; index: number; total: number; checks: CheckResult[]; checkTotal: number };
  report?: AuditReport;
  error?: string;
}

export interface AuditInput {
  /** other URLs of the same fleet, for the cross-instance check */
  fleet?: string[];
  /** audit only these names (tool, prompt, resource URI); empty = all */
  only?: string[];
  /** another user's access token of the same client ("Second identity"): state minted as the connection is sent as it */
  secondToken?: string;
  /** for a token with no readable exp: wait this long after minting, then replay it */
  expiryWaitSeconds?: number;
  /** a different service believed to share the key */
  otherService?: string;
  /** fields given with a value that cannot be used, by the check they feed (that check is a skip with this reason) */
  unusable?: AuditOptions['unusable'];
}
