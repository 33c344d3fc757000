/** The audit panel's fields, read into what the audit takes. Pure. */
import { splitList } from '../../session/io/compare-runs.ts';
import type { AuditInput } from '../../session/audit/audit-run.ts';

/**
 * What the fields ask for, as the audit takes it. A value that cannot be used (a wait that is not a number, an URL
 * that is not http) is not thrown away: the check it feeds is reported as a skip that says why.
 */
export function auditInput(fields: {
  only: string;
  fleet: string;
  secondToken: string;
  wait: string;
  otherService: string;
}): AuditInput {
  const input: AuditInput = { only: splitList(fields.only), fleet: splitList(fields.fleet) };
  const unusable: NonNullable<AuditInput['unusable']> = {};
  const token = fields.secondToken.trim().replace(/^Bearer\s+/i, '');
  if (token) input.secondToken = token;
  const wait = fields.wait.trim();
  if (wait) {
    const seconds = Number(wait);
    if (Number.isFinite(seconds) && seconds > 0 && seconds <= 86_400) input.expiryWaitSeconds = seconds;
    else unusable.expiry = `the expiry wait must be a number of seconds above 0 (at most 86400), got "${wait}"`;
  }
  const other = fields.otherService.trim();
  if (other) {
    let url: URL | null;
    try {
      url = new URL(other);
    } catch {
      url = null;
    }
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) input.otherService = other;
    else unusable.audience = `the other service must be an http(s) URL, got "${other}"`;
  }
  if (Object.keys(unusable).length) input.unusable = unusable;
  return input;
}
