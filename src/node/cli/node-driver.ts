/** The session driver on Node's fetch, for replay and audit: one connection, the CLI's client info. */
import { sendLeg } from '../../client/send-leg.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import { createDriver, DEFAULT_CLIENT_INFO_CLI, type SessionDriver } from '../../session/flows/driver.ts';

export function nodeDriver(url: string, timeoutMs = 60_000): SessionDriver {
  return createDriver({
    now: () => Date.now(),
    connection: { url, protocolVersion: PROTOCOL_VERSION, clientInfo: DEFAULT_CLIENT_INFO_CLI },
    send: (c) =>
      sendLeg({
        url: c.url,
        headers: c.headers,
        body: c.body,
        fetch: (input, init) => globalThis.fetch(input, init),
        rpcId: c.rpcId,
        timeoutMs,
      }),
  });
}
