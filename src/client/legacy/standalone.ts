/**
 * The standalone GET stream of a 2025-11-25 session: the server pushes there what belongs to no request (the
 * everything server's `roots/list` after initialization, the suite's SEP-1034 elicitation sent without a related
 * request). Such a request belongs to the session, not to whatever call happens to be in flight: it goes to the
 * session's `sessionHandler` (the store gives it a conversation of its own). With no handler a `ping` is answered at
 * once and anything else is refused with a JSON-RPC error saying why.
 */
import type { LegacySession, PushedAnswer, PushedHandler, PushedRequest } from './legacy-session.ts';

export function answerWithoutCall(request: PushedRequest): PushedAnswer {
  if (request.method === 'ping') return { result: {} };
  return {
    error: {
      code: -32601,
      message: `the inspector had nowhere to show ${request.method}: nothing listens on this session's stream`,
    },
  };
}

/** Opens the standalone stream (until the session closes); the server may refuse it with 405, which ends it. */
export function openStandalone(session: LegacySession): void {
  const stop = new AbortController();
  session.standaloneStop = stop;
  const route: PushedHandler = (request, via) =>
    session.sessionHandler ? session.sessionHandler(request, via) : Promise.resolve(answerWithoutCall(request));
  void session.listen(route, stop.signal).catch(() => undefined);
}
