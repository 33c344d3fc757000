/**
 * The recorder: a leg a watched client sent (through the inspector's proxy, or a host through the tap) becomes a
 * recorded leg as the app's own legs do, its answer read by the same reader (read-answer.ts) from the head and the
 * body chunks the watcher reports as they arrive. Nothing is sent: the client already sent it.
 */
import type { Exchange, RecordedRequest } from '../protocol/exchange.ts';
import { readAnswer, streamDropped } from './read-answer.ts';

export interface WatchedRequest {
  /** the request that went to the server (edited by the user, if it was held) */
  request: RecordedRequest;
  /** when the client's request reached the watcher */
  startedAt: number;
  /** its JSON-RPC id, to pick the answer out of an SSE stream */
  rpcId?: string | number;
}

/**
 * The answer came (`head`, its body to follow as the watcher reports it): the recorded leg once the body ends. What
 * the watcher passed is recorded whole: the proxy applies its own size cap, not the page's on direct responses.
 */
export async function recordAnswered(leg: WatchedRequest, head: Response, now: () => number): Promise<Exchange> {
  const read = await readAnswer(head, {
    base: { request: leg.request, startedAt: leg.startedAt, durationMs: 0 },
    now,
    cap: undefined,
    rpcId: leg.rpcId,
  });
  if (read.bodyError === undefined) return read.exchange;
  return {
    ...read.exchange,
    failure: { kind: 'stream', message: streamDropped(read.bodyError, read.relayCut, false) },
  };
}

/** No answer came, and none will (`why`): the leg is recorded with what was sent. */
export function recordUnanswered(leg: WatchedRequest, why: string, now: () => number): Exchange {
  return {
    request: leg.request,
    startedAt: leg.startedAt,
    durationMs: now() - leg.startedAt,
    failure: { kind: 'network', message: why },
  };
}
