/**
 * The standalone GET stream of a 2025-11-25 session: the server pushes there what belongs to no request (the
 * everything server's `roots/list` after initialization, the suite's SEP-1034 elicitation sent without a related
 * request). Such a request belongs to the session, not to whatever call happens to be in flight: it goes to the
 * session's `sessionHandler` (the store gives it a conversation of its own). With no handler a `ping` is answered at
 * once and anything else is refused with a JSON-RPC error saying why.
 */
import type { LegacySession, PushedAnswer, PushedHandler } from './legacy-session.ts';
import type { PushedRequest } from './messages.ts';

export function answerWithoutCall(request: PushedRequest): PushedAnswer {
  if (request.method === 'ping') return { result: {} };
  return {
    error: {
      code: -32601,
      message: `the inspector had nowhere to show ${request.method}: nothing listens on this session's stream`,
    },
  };
}

/**
 * Opens the standalone stream for as long as the session lives. When the server closes it, it is opened again after
 * the server's `retry` delay, resuming with `Last-Event-ID` when its events had ids; a 405 (the server offers none)
 * ends it, and so do `maxFailures` refusals or short-lived streams in a row (a stream that carried nothing for less
 * than the retry delay counts as one). Opening it again (a new session) stops the previous one.
 */
export function openStandalone(session: LegacySession, opts: { maxFailures?: number } = {}): void {
  session.standaloneStop?.abort();
  const stop = new AbortController();
  session.standaloneStop = stop;
  const route: PushedHandler = (request, via) =>
    session.sessionHandler ? session.sessionHandler(request, via) : Promise.resolve(answerWithoutCall(request));
  void (async () => {
    let failures = 0;
    let lastEventId: string | undefined;
    while (!stop.signal.aborted) {
      const opened = await session.listenOnce(route, stop.signal, lastEventId).catch(() => undefined);
      if (stop.signal.aborted) return;
      const status = opened?.exchange.response?.status;
      if (status === 405) return;
      lastEventId = opened?.lastEventId ?? lastEventId;
      const carried = (opened?.exchange.response?.sseEvents?.length ?? 0) > 0;
      const lasted = (opened?.exchange.durationMs ?? 0) >= session.retryMs;
      failures = status === 200 && (carried || lasted) ? 0 : failures + 1;
      if (failures >= (opts.maxFailures ?? 3)) return;
      await session.wait(session.retryMs);
    }
  })();
}
