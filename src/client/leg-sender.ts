/**
 * One interface for putting a composed leg on the wire, whatever carries it. The store builds one sender per
 * transport (store/leg-senders.ts) and sends every leg of the app through it: a call's legs, a task's polls, the
 * audit's probes. HTTP (direct, or through the inspector's relay when the server allows no cross-origin reads) is
 * `httpLegSender`; a 2025-11-25 session sends through its own client (legacy/legacy-call.ts), which numbers its
 * requests and brings the server's; a stdio server is reached over HTTP through the inspector's bridge. A leg a
 * watched client sent is not sent again: the recorder (leg-recorder.ts) reads its answer with the same reader
 * (read-answer.ts) as the legs sent here.
 */
import type { Exchange, LiveSseEvent } from '../protocol/exchange.ts';
import type { HeaderList } from '../protocol/exchange.ts';
import { sendLeg, type FetchLike } from './send-leg.ts';

/** A leg exactly as composed: it goes out byte for byte. */
interface OutgoingLeg {
  url: string;
  headers: HeaderList;
  body: string;
  /** the JSON-RPC id the answer must carry */
  rpcId?: string | number;
  signal?: AbortSignal;
  /** each SSE event as it arrives */
  onEvent?: (event: LiveSseEvent) => void;
}

export interface LegSender {
  /** Send one leg and record everything that came back (or why nothing did). Never throws. */
  send(leg: OutgoingLeg): Promise<Exchange>;
}

export interface HttpSenderOptions {
  fetch: FetchLike;
  /** the leg goes through the inspector's relay (its errors are told apart from the server's) */
  viaRelay?: boolean;
  timeoutMs?: number | undefined;
  now?: () => number;
}

/** One POST per leg over `fetch`. */
export function httpLegSender(o: HttpSenderOptions): LegSender {
  return {
    send: (leg) =>
      sendLeg({
        url: leg.url,
        headers: leg.headers,
        body: leg.body,
        fetch: o.fetch,
        ...(leg.signal ? { signal: leg.signal } : {}),
        ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
        ...(leg.rpcId !== undefined ? { rpcId: leg.rpcId } : {}),
        ...(o.viaRelay ? { viaRelay: true } : {}),
        ...(o.now ? { now: o.now } : {}),
        ...(leg.onEvent ? { onEvent: leg.onEvent } : {}),
      }),
  };
}
