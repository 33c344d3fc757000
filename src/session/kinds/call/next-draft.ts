/**
 * The MRTR step: after a leg that answered `input_required`, the retry of the same call waits in the composer with
 * what was asked, no answers yet, and the echoed requestState; after a leg that got nothing back, the same leg again
 * with a new id. Pure.
 */
import type { Draft, Leg } from '../../model.ts';

/** The draft that retries after `leg`, or undefined when the call is over. */
export function nextDraft(leg: Leg, previous: Draft | undefined, rpcId: number): Draft | undefined {
  const { outcome } = leg;
  if (outcome.kind === 'transport' && previous) {
    // nothing came back: offer to send the same leg again, with a new id
    const again: Draft = { ...previous, rpcId };
    if (previous.origin) again.origin = { ...previous.origin, rpcId };
    return again;
  }
  if (outcome.kind !== 'input_required') return undefined;
  const draft: Draft = {
    afterLegId: leg.id,
    rpcId,
    params: leg.sent.params,
    inputRequests: outcome.inputRequests ?? {},
    answers: {},
    capabilities: leg.sent.capabilities,
    extraHeaders: previous?.extraHeaders ?? {},
    origin: { rpcId, params: leg.sent.params, capabilities: leg.sent.capabilities, answers: {} },
  };
  // a retry is the same request: the call's progressToken, logLevel and traceparent go on every leg
  const requestOptions = previous?.requestOptions ?? leg.sent.requestOptions;
  if (requestOptions) draft.requestOptions = requestOptions;
  if (outcome.requestState !== undefined) {
    draft.originalRequestState = outcome.requestState;
    draft.requestState = outcome.requestState;
  }
  return draft;
}

/** The leg a new leg of a call answers: the round the draft retries, else the last leg. */
export function previousRound(c: { draft?: Draft | undefined; legIds: readonly string[] }): string | undefined {
  return c.draft?.afterLegId ?? c.legIds[c.legIds.length - 1];
}
