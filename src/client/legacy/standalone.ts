/**
 * The standalone GET stream of a 2025-11-25 session: servers may push requests there instead of on the stream of the
 * POST they relate to (the conformance suite's SEP-1034 server does). Each one goes to the session's
 * `standaloneHandler` (the call in flight shows it as a leg); with no call in flight a `ping` is answered at once and
 * anything else is refused with a JSON-RPC error saying why.
 */
import type { LegacySession, PushedAnswer, PushedHandler, PushedRequest } from './legacy-session.ts';

export function answerWithoutCall(request: PushedRequest): PushedAnswer {
  if (request.method === 'ping') return { result: {} };
  return {
    error: {
      code: -32601,
      message: `the inspector shows ${request.method} as a leg of the call in flight; no call was in flight`,
    },
  };
}

/** Opens the standalone stream (until the session closes); the server may refuse it with 405, which ends it. */
export function openStandalone(session: LegacySession): void {
  const stop = new AbortController();
  session.standaloneStop = stop;
  const route: PushedHandler = (request, via) =>
    session.standaloneHandler ? session.standaloneHandler(request, via) : Promise.resolve(answerWithoutCall(request));
  void session.listen(route, stop.signal).catch(() => undefined);
}
