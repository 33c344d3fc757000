/**
 * The 2025-11-25 calls whose stream is still open, by conversation: one registry whichever slice opened the call (a
 * call, a task's tasks/result). Apart from the code that sends those calls (send-legacy-draft.ts), which loads with
 * the first leg over a 2025-11-25 session: the slices hold the registry from the start, to stop an open call.
 */
import type { EraConnections } from '../client/legacy/era-connections.ts';
import type { LegacyCall } from '../client/legacy/legacy-call.ts';
import type { SentFacts } from '../session/model.ts';

/** A call whose stream is still open, with where its exchanges start in the session's log. */
export interface OpenCall {
  call: LegacyCall;
  /** index in `eras.exchanges` where this call's exchanges start */
  from: number;
  sent: SentFacts;
  stop: AbortController;
}

const openCalls = new WeakMap<EraConnections, Map<string, OpenCall>>();

/** The calls still open on `eras`' sessions, by conversation: one map, whichever slice opened the call. */
export function legacyCallsOf(eras: EraConnections | undefined): Map<string, OpenCall> {
  if (!eras) return new Map();
  let calls = openCalls.get(eras);
  if (!calls) openCalls.set(eras, (calls = new Map()));
  return calls;
}
