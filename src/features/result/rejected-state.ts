import { decodeRequestState } from '../../protocol/request-state/decode-request-state.ts';
import { viewExpiry } from '../../protocol/request-state/decoded-view.ts';
import type { Leg } from '../../session/model.ts';

/** Why a leg's error may be the requestState's fault, from what the client knows (the server's reason is private). */
export interface RejectedStateFacts {
  /** the user changed the requestState this leg sent */
  edited: boolean;
  /** the server gave a requestState for this round, so it can be sent again unchanged */
  hasServerState: boolean;
  /** the sent requestState carried a decodable exp that had passed this many seconds before the leg was sent */
  expiredSecondsBeforeSend?: number;
}

/**
 * Facts about an error leg's requestState: whether the user edited it, and whether its decodable `exp` (v1 signed, JWT,
 * JSON) had already passed when the leg went out. Undefined when the leg is not an error or neither is true.
 */
export function rejectedStateFacts(leg: Leg): RejectedStateFacts | undefined {
  if (leg.outcome.kind !== 'error') return undefined;
  const facts: RejectedStateFacts = {
    edited: leg.sent.requestStateEdited,
    hasServerState: leg.sent.originalRequestState !== undefined,
  };
  const state = leg.sent.requestState;
  if (state !== undefined) {
    const exp = decodeRequestState(state, leg.exchange.startedAt)
      .map(viewExpiry)
      .find((e) => e !== null);
    if (exp?.expired) facts.expiredSecondsBeforeSend = -exp.secondsRemaining;
  }
  return facts.edited || facts.expiredSecondsBeforeSend !== undefined ? facts : undefined;
}
