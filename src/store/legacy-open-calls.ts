/**
 * The 2025-11-25 calls whose stream is still open, by conversation: one registry whichever slice opened the call (a
 * call, a task's tasks/result), made by the store (inspector-store.ts). Apart from the code that sends those calls
 * (send-legacy-draft.ts), which loads with the first leg over a 2025-11-25 session: the slices hold the registry from
 * the start, to stop an open call.
 */
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

/** The registry of open calls: one per store, shared by the slices that open calls and the one that stops them. */
export type OpenCalls = Map<string, OpenCall>;
