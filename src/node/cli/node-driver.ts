/** The session driver on Node's fetch, for replay and audit: one connection, the CLI's client info. */
import { httpLegSender } from '../../client/leg-sender.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import type { ConnectionContext } from '../../session/compose.ts';
import { createDriver, DEFAULT_CLIENT_INFO_CLI, type SessionDriver } from '../../session/flows/driver.ts';

/** Headers given by name (`--header`) as a connection's parts: Authorization is the client's own, the rest extra. */
export function identityOf(headers: Record<string, string>): Pick<ConnectionContext, 'authorization' | 'headers'> {
  const out: Pick<ConnectionContext, 'authorization' | 'headers'> = {};
  const extra: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'authorization') out.authorization = value;
    else extra[name] = value;
  }
  if (Object.keys(extra).length) out.headers = extra;
  return out;
}

/** `identity`: headers sent on every leg (`--header`); `fetchImpl`: where legs go (default Node's fetch). */
export function nodeDriver(
  url: string,
  timeoutMs = 60_000,
  identity: Record<string, string> = {},
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): SessionDriver {
  const sender = httpLegSender({ fetch: fetchImpl, timeoutMs });
  return createDriver({
    now: () => Date.now(),
    connection: {
      url,
      protocolVersion: PROTOCOL_VERSION,
      clientInfo: DEFAULT_CLIENT_INFO_CLI,
      ...identityOf(identity),
    },
    send: (c) => sender.send({ url: c.url, headers: c.headers, body: c.body, rpcId: c.rpcId }),
  });
}
