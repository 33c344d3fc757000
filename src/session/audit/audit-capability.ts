/**
 * The capability check, read from the first leg of a call that declared no client capabilities
 * (`_meta["io.modelcontextprotocol/clientCapabilities"]: {}`). The MUST is the server's: it "MUST NOT send an
 * inputRequests that the client has not declared support for". So asking anyway fails; refusing with -32021 passes
 * when it is the transport's form (HTTP 400 with data.requiredCapabilities); a call that needs no capability and
 * completes (or comes back for state only) breaks nothing. Pure.
 */
import type { Leg } from '../model.ts';
import { isJsonObject } from '../../protocol/types.ts';
import { result, type CheckResult } from './audit-checks.ts';
import { verdictOf } from './audit-verdict.ts';

const SENT = 'called with no client capabilities';

export function capabilityCheck(leg: Leg): CheckResult {
  const o = leg.outcome;
  const http = leg.exchange.response?.status;
  const v = verdictOf(leg, {});
  if (v.kind === 'broken') return result('capability', 'skip', `not checked: the answer was broken (${v.summary})`);
  if (o.kind === 'input_required') {
    const asked = Object.entries(o.inputRequests ?? {}).map(([key, r]) => `${r.method} (${key})`);
    if (asked.length)
      return result(
        'capability',
        'fail',
        `${SENT}: asked for ${asked.join(', ')} although the request declared no capabilities`,
      );
    return result('capability', 'pass', `${SENT}: came back for state only, asking for nothing it was not offered`);
  }
  if (o.kind === 'error' && o.error.code === -32021) {
    const data = isJsonObject(o.error.data) ? o.error.data : undefined;
    const named = data !== undefined && isJsonObject(data.requiredCapabilities);
    if (http === 400 && named)
      return result('capability', 'pass', `${SENT}: ${v.summary}, naming data.requiredCapabilities`);
    const wrong = [
      ...(http === 400 ? [] : [`HTTP ${http ?? '?'} where the transport answers 400`]),
      ...(named ? [] : ['no data.requiredCapabilities to say which capability is missing']),
    ];
    return result('capability', 'warn', `${SENT}: ${v.summary}, with ${wrong.join(' and ')}`);
  }
  if (o.kind === 'complete' || o.kind === 'task')
    return result('capability', 'pass', `${SENT}: ${v.summary} without asking for any input (it needed no capability)`);
  return result(
    'capability',
    'warn',
    `${SENT}: ${v.summary}; a request lacking a capability it needs is answered 400 / -32021 with data.requiredCapabilities`,
  );
}
