import type { Conversation } from './model.ts';
import { unansweredKeys } from './selectors.ts';

/** Where keyboard focus should go once a step of the call flow is done. */
export type FocusTarget = 'first-request' | 'result' | 'run-button';

/**
 * "Focus the first request of round 3": an intent the store emits when a step the user started ends; one hook in the
 * app applies it after render. Plain data (no DOM): `from` names the region the user acted in, since focus moves only
 * while it is still there (or nowhere), never away from where the user has put it since.
 */
export interface FocusIntent {
  target: FocusTarget;
  conversationId: string;
  /** the round the target belongs to (the round the conversation's draft would send) */
  round: number;
  /** the accessible name of the region the user acted in ("Next request", "Call") */
  from: string;
  /** bumps on every intent, so the same target twice still moves focus */
  nonce: number;
}

const asks = (c: Conversation) => c.draft !== undefined && unansweredKeys(c.draft).length > 0;

/** After a leg is answered: the first request of the next round when the server asks, else the Result. */
export function focusAfterLeg(conversation: Conversation): FocusTarget {
  return asks(conversation) ? 'first-request' : 'result';
}

/**
 * After a run to completion stops: the Result when the call finished, the first unanswered request when it paused
 * for input, else (round cap, aborted) the Run button again.
 */
export function focusAfterRun(conversation: Conversation): FocusTarget {
  if (!conversation.draft) return 'result';
  return asks(conversation) ? 'first-request' : 'run-button';
}

/** The intent for `target` in the conversation's current round. */
export function focusIntent(conversation: Conversation, target: FocusTarget, from: string, nonce: number): FocusIntent {
  return { target, conversationId: conversation.id, round: conversation.legIds.length + 1, from, nonce };
}
