/**
 * The era of the server an audit is pointed at, found as the app finds it on Connect (queries/era-detect.ts):
 * `server/discover`, and on an answer that means "not 2026-07-28" a 2025-11-25 session (`initialize`), which is then
 * ended (`DELETE`). Only a server that takes that session counts as 2025-11-25; anything else is audited as 2026-07-28.
 */
import { EraConnections } from '../../client/legacy/era-connections.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import { detectEra } from '../../queries/era-detect.ts';
import { DEFAULT_CLIENT_INFO_CLI } from '../../session/flows/driver.ts';
import { identityOf } from './node-driver.ts';

export async function auditEra(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ era: 'modern' } | { era: 'legacy'; reason: string }> {
  const eras = new EraConnections();
  try {
    const found = await detectEra({
      ctx: { url, protocolVersion: PROTOCOL_VERSION, clientInfo: DEFAULT_CLIENT_INFO_CLI, ...identityOf(headers) },
      fetch: (input, init) => globalThis.fetch(input, init),
      viaRelay: false,
      nonce: 0,
      eras,
    });
    return found.era === 'legacy' ? { era: 'legacy', reason: found.reason } : { era: 'modern' };
  } finally {
    await eras.close();
  }
}
