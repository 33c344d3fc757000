/**
 * The 2025-11-25 session's calls in wire terms, for whoever records them as legs (session/flows/, through the store):
 * a call opened over the session yields each request the server pushes on its stream, then its end with the exchanges
 * that were the call's (the 404s of a session the server lost, and the call's last exchange: its POST stream or the GET
 * that resumed it); a single request (a task's tasks/get or tasks/cancel) yields the exchange that carried its
 * response. It loads with the first leg over a session. No session model, no store.
 */
import type { Exchange } from '../../protocol/exchange.ts';
import { rpcIdOfBody } from '../../protocol/rpc-id.ts';
import type { EraConnections } from './era-connections.ts';
import { LegacyCall } from './legacy-call.ts';
import { LegacyProtocolError, type LegacySession, type LegacyWire, type PushedAnswer } from './legacy-session.ts';
import type { PushedRequest } from './messages.ts';
import { isSessionGone } from './session-renewal.ts';

export type SessionCallStep =
  /** the server pushed a request on the call's stream; `exchange` shows the stream up to and including that event */
  | { kind: 'pushed'; request: PushedRequest; exchange: Exchange }
  /**
   * the call is over: the 404s of a session the server lost (before the call went again in the new one), the call's
   * last exchange and the JSON-RPC id it went with (0 when none); `failure` says why, when it failed
   */
  | { kind: 'done'; gone: Exchange[]; exchange?: Exchange; rpcId: string | number; failure?: string };

/** One call over the session, step by step. */
export interface SessionCall {
  next(): Promise<SessionCallStep>;
  /** answer the request `id` the server pushed on this call's stream with `body` (as written or edited by hand) */
  respond(id: string | number, body: string, headers: Record<string, string>): Promise<Exchange>;
  /** stop the call (its stream closes) */
  stop(): void;
}

/** A single request on the session: the exchange that carried its response, or why there was none. */
export type SessionRequestResult = { exchange?: Exchange } | { error: string; exchange?: Exchange };

export interface SessionCalls {
  /** open `method` over the session; `wire`: the composer's edits of the request (headers, a body written by hand) */
  open(method: string, params: Record<string, unknown> | undefined, wire?: LegacyWire): SessionCall;
  /** answer a request the server pushed outside any open call (to the session that asked it) */
  respond(
    request: { id: string | number; method: string },
    body: string,
    headers: Record<string, string>,
  ): Promise<Exchange>;
  /** one request whose response comes whole (a task's tasks/get or tasks/cancel) */
  request(method: string, params: Record<string, unknown>): Promise<SessionRequestResult>;
}

/** A request pushed on a poll's or a cancel's stream is not the task's to answer there (its requests come on tasks/result). */
const refuseOnPoll = async (): Promise<PushedAnswer> => ({
  error: {
    code: -32601,
    message: 'the inspector answers a task’s requests on its tasks/result stream, not on a tasks/get or tasks/cancel',
  },
});

/** The calls of `session`, read from the exchanges `eras` logs of it. */
export function sessionCalls(eras: EraConnections, session: LegacySession, now: () => number): SessionCalls {
  return {
    open: (method, params, wire = {}) => {
      const stop = new AbortController();
      // where this call's exchanges start in the session's log
      const from = eras.exchanges.length;
      const call = new LegacyCall(session, method, params, stop.signal, now, wire);
      return {
        next: async () => {
          const step = await call.next();
          if (step.kind === 'pushed') return step;
          // the exchanges' label is the call's method (tasks/result for a 2025-11-25 task's result stream)
          const mine = eras.exchanges.slice(from);
          const gone = mine.filter((e) => isSessionGone(e.label, method)).map((e) => e.exchange);
          const legs = mine.filter((e) => e.label === method || e.label.startsWith('GET (resume'));
          const exchange = legs.at(-1)?.exchange ?? step.error?.exchange;
          const rpcId = rpcIdOfBody(legs[0]?.exchange.request.body ?? '') ?? 0;
          return {
            kind: 'done',
            gone,
            rpcId,
            ...(exchange ? { exchange } : {}),
            ...(step.failure !== undefined ? { failure: step.failure } : {}),
          };
        },
        respond: (id, body, headers) => call.respond(id, body, headers),
        stop: () => stop.abort(),
      };
    },
    respond: (request, body, headers) => session.respond(request, body, headers),
    request: async (method, params) => {
      const from = eras.exchanges.length;
      try {
        const response = await session.request(method, params, refuseOnPoll);
        // the exchange that carried this very response (other requests may be under way on the session)
        const exchange = eras.exchanges.slice(from).find((e) => e.exchange.message === response)?.exchange;
        return exchange ? { exchange } : {};
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        const exchange = err instanceof LegacyProtocolError ? err.exchange : undefined;
        return exchange ? { error, exchange } : { error };
      }
    },
  };
}
