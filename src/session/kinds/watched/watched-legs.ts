/**
 * How the legs of a watched client's conversations are judged. A watched client's "other traffic" (initialize,
 * notifications, its answers to requests pushed outside a call, a 2025-11-25 session's GET stream and DELETE) are
 * requests of their own, each judged by what it is: a notification's 202 is its whole success, a GET is a stream, not
 * a call's missing response. Pure.
 */
import { transportOutcome } from '../../../protocol/classify-exchange.ts';
import type { Outcome } from '../../../protocol/classify.ts';
import type { Exchange } from '../../../protocol/exchange.ts';
import type { Conversation } from '../../model.ts';

/** The method of a watched client's "other traffic" conversation. */
export const WATCHED_TRAFFIC = 'watched/traffic';

/** True for a watched client's "other traffic" conversation (its legs are no rounds of one call). */
export function isWatchedTraffic(c: Pick<Conversation, 'method' | 'watched'>): boolean {
  return Boolean(c.watched) && c.method === WATCHED_TRAFFIC;
}

/** A watched leg that is no call (a notification, an answer, a GET or DELETE) judged by the transport; else undefined. */
export function watchedTransportOutcome(c: Pick<Conversation, 'watched'>, exchange: Exchange): Outcome | undefined {
  return c.watched ? transportOutcome(exchange) : undefined;
}
