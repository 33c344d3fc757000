import { classifyInputRequest, rootsAnswer } from '../../protocol/elicitation/answers.ts';
import { checkRootUris } from '../../protocol/root-uri.ts';
import type { Conversation, Leg } from '../model.ts';
import { undeliveredReason } from '../kinds/legacy-call/pushed-legs.ts';
import { isDraftReady } from '../selectors.ts';
import { waitVisibly, type FlowDeps, type RunNote } from './flow-deps.ts';

export interface RunToCompletionDeps extends FlowDeps {
  /** the conversation as it is now (it changes as legs are recorded) */
  conversation: () => Conversation | undefined;
  /** the conversation's last recorded leg */
  lastLeg: () => Leg | undefined;
  /** a recorded leg by id */
  legOf: (legId: string) => Leg | undefined;
  /**
   * input_required results a call may get before the run stops, counted over the whole call, not per click (both
   * SDKs: `inputRequired.maxRounds`, `input_required_max_rounds`): with 10, a server that never finishes gets the
   * request and 10 retries
   */
  roundCap: () => number;
  /** roots offered when the server asks for roots */
  savedRoots: () => { uri: string; name?: string }[];
  /** send the conversation's draft as composed; resolves once the leg is recorded */
  send: () => Promise<void>;
}

export const FINISHED_NOTE: RunNote = { kind: 'finished', message: 'The call finished.' };

/**
 * Answer roots requests with the saved roots and a pushed `ping` (2025-11-25) with `{}`: the client knows them, no
 * human is needed.
 */
function answerRoots(conversationId: string, deps: RunToCompletionDeps): void {
  const draft = deps.conversation()?.draft;
  if (!draft) return;
  for (const [key, request] of Object.entries(draft.inputRequests)) {
    if (request.method === 'ping' && !(key in draft.answers))
      deps.dispatch({ type: 'draft/answer', conversationId, key, response: {} });
  }
  // saved roots that are not file:// URIs are never sent on their own: the run pauses and the user decides
  if (checkRootUris(deps.savedRoots().map((r) => r.uri)).some((f) => f.level === 'error')) return;
  for (const [key, request] of Object.entries(draft.inputRequests)) {
    if (key in draft.answers || classifyInputRequest(request) !== 'roots') continue;
    deps.dispatch({ type: 'draft/answer', conversationId, key, response: rootsAnswer(deps.savedRoots()) });
  }
}

/**
 * The leg never got a whole answer: no response (network error, timeout), a stream cut before the result, or a
 * response stopped at the page's size cap.
 */
function failedInTransport(leg: Leg | undefined): leg is Leg {
  if (!leg) return false;
  const kind = leg.exchange.failure?.kind;
  return (
    leg.outcome.kind === 'transport' ||
    kind === 'network' ||
    kind === 'timeout' ||
    kind === 'stream' ||
    kind === 'too_large'
  );
}

function transportNote(leg: Leg, round: number, before: boolean): RunNote {
  const reason =
    leg.outcome.kind === 'transport' || leg.outcome.kind === 'invalid'
      ? leg.outcome.reason
      : (leg.exchange.failure?.message ?? 'the leg failed in transport');
  return {
    kind: 'transport',
    legId: leg.id,
    message: before
      ? `Not started: round ${round} failed in transport (${reason}). The server may already have acted on it, so Run to completion never resends it: resend it yourself as a branch (Resend as a branch).`
      : `Stopped: round ${round} failed in transport (${reason}). The server may already have acted on it, so it is not resent automatically: resend it yourself as a branch (Resend as a branch).`,
  };
}

/**
 * A -32602 answer to a retry is the server refusing it (2026-07-28 basic/patterns/mrtr, Error Handling: an invalid or
 * expired requestState): the call ended without a result, which is not "finished".
 */
function refusedNote(leg: Leg | undefined, round: number): RunNote | undefined {
  if (leg?.outcome.kind !== 'error' || leg.outcome.error.code !== -32602) return undefined;
  const what = leg.sent.requestState !== undefined ? `the requestState of round ${round}` : `round ${round}`;
  return {
    kind: 'refused',
    message: `Refused: the server rejected ${what} (-32602 ${leg.outcome.error.message}), so the call ended without a result. Fork an earlier leg to try again.`,
  };
}

/**
 * Any other error answer, or an answer that is no valid response (an HTML error page, a stream that ended cleanly
 * without the response): the call ended without a result, and the note says what came back instead.
 */
function endedNote(leg: Leg | undefined): RunNote | undefined {
  const outcome = leg?.outcome;
  if (outcome?.kind === 'error') {
    return {
      kind: 'ended',
      message: `Ended without a result: the server answered error ${outcome.error.code} (${outcome.error.message}).`,
    };
  }
  if (outcome?.kind === 'invalid') {
    return {
      kind: 'ended',
      message: `Ended without a result: what came back is not a valid response (${outcome.reason}).`,
    };
  }
  return undefined;
}

/**
 * Send retry after retry until the server finishes, asks for input only a human can give, the call reaches the round
 * cap (more input_required results than the cap), a leg fails in transport, or the user stops. A leg that failed in transport (network error, timeout, dropped
 * stream) is never resent: the server may have acted on it, so resending is the user's deliberate Send retry. The cap
 * counts the call's input_required results, so pressing the button again does not start a fresh allowance. Every
 * state-only retry ("come back later") waits first, 50 ms doubling to 250 ms, as the SDKs do. Returns why it stopped.
 */
export async function runToCompletion(conversationId: string, deps: RunToCompletionDeps): Promise<RunNote> {
  let backoff = 50;
  const failed = deps.lastLeg();
  if (failedInTransport(failed)) return transportNote(failed, deps.conversation()?.legIds.length ?? 1, true);
  for (;;) {
    answerRoots(conversationId, deps);
    const conversation = deps.conversation();
    const draft = conversation?.draft;
    if (!conversation || !draft) return endedNote(deps.lastLeg()) ?? FINISHED_NOTE;
    if (deps.signal.aborted) return { kind: 'aborted', message: 'Run to completion was aborted.' };
    if (!isDraftReady(draft)) {
      return { kind: 'needs-input', message: 'Paused: the server asked for input only you can give.' };
    }
    const rounds = conversation.legIds.length;
    const asked = conversation.legIds.filter((id) => deps.legOf(id)?.outcome.kind === 'input_required').length;
    const cap = deps.roundCap();
    if (asked > cap) {
      return {
        kind: 'round-cap',
        message: `Stopped at the round cap: the server answered input_required ${asked} times (cap ${cap}) and has not finished. Raise the cap or inspect the legs.`,
      };
    }
    const stateOnly = Object.keys(draft.inputRequests).length === 0 && rounds > 0;
    if (stateOnly) {
      await waitVisibly(deps, backoff, 'backoff before the next state-only retry');
      backoff = Math.min(backoff * 2, 250);
      if (deps.signal.aborted) continue;
    } else {
      backoff = 50;
    }
    await deps.send();
    const sent = deps.conversation()?.legIds.length ?? rounds;
    if (sent === rounds) {
      // nothing was recorded (refused before it left, or still in flight): looping again would spin without a pause
      if (deps.signal.aborted) return { kind: 'aborted', message: 'Run to completion was aborted.' };
      // a 2025-11-25 response went out and the server did not take it: the draft is back in the composer
      const answer = deps.lastLeg()?.answer;
      const undelivered = answer && undeliveredReason(answer.exchange);
      if (undelivered)
        return {
          kind: 'refused',
          message: `Stopped: the response did not reach the server (${undelivered}). Fix it in the Next request, then Send response or run again.`,
        };
      return {
        kind: 'not-sent',
        message:
          'Stopped: the request was not sent (nothing was recorded). Check the Next request, then Send or run again.',
      };
    }
    const leg = deps.lastLeg();
    if (failedInTransport(leg)) {
      if (deps.signal.aborted) return { kind: 'aborted', message: 'Run to completion was aborted.' };
      return transportNote(leg, sent, false);
    }
    const refusal = refusedNote(leg, sent) ?? endedNote(leg);
    if (refusal) return refusal;
  }
}
