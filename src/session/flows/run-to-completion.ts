import { classifyInputRequest, rootsAnswer } from '../../protocol/elicitation/answers.ts';
import type { Conversation } from '../model.ts';
import { isDraftReady } from '../selectors.ts';
import { waitVisibly, type FlowDeps, type RunNote } from './flow-deps.ts';

export interface RunToCompletionDeps extends FlowDeps {
  /** the conversation as it is now (it changes as legs are recorded) */
  conversation: () => Conversation | undefined;
  /** legs one run may send before it stops */
  roundCap: () => number;
  /** roots offered when the server asks for roots */
  savedRoots: () => { uri: string; name?: string }[];
  /** send the conversation's draft as composed; resolves once the leg is recorded */
  send: () => Promise<void>;
}

export const FINISHED_NOTE: RunNote = { kind: 'finished', message: 'The call finished.' };

/** Answer roots requests with the saved roots: the client knows them, no human is needed. */
function answerRoots(conversationId: string, deps: RunToCompletionDeps): void {
  const draft = deps.conversation()?.draft;
  if (!draft) return;
  for (const [key, request] of Object.entries(draft.inputRequests)) {
    if (key in draft.answers || classifyInputRequest(request) !== 'roots') continue;
    deps.dispatch({ type: 'draft/answer', conversationId, key, response: rootsAnswer(deps.savedRoots()) });
  }
}

/**
 * Send retry after retry until the server finishes, asks for input only a human can give, the round cap is reached
 * or the user stops. State-only retries ("come back later") back off 50 ms, doubling to 250 ms, as the SDKs do.
 * Returns why it stopped.
 */
export async function runToCompletion(conversationId: string, deps: RunToCompletionDeps): Promise<RunNote> {
  let sent = 0;
  let backoff = 50;
  for (;;) {
    answerRoots(conversationId, deps);
    const conversation = deps.conversation();
    const draft = conversation?.draft;
    if (!conversation || !draft) return FINISHED_NOTE;
    if (deps.signal.aborted) return { kind: 'aborted', message: 'Run to completion was aborted.' };
    if (!isDraftReady(draft)) {
      return { kind: 'needs-input', message: 'Paused: the server asked for input only you can give.' };
    }
    if (sent >= deps.roundCap()) {
      return {
        kind: 'round-cap',
        message: `Stopped at the round cap: ${sent} legs sent and the server has not finished. Raise the cap or inspect the legs.`,
      };
    }
    const stateOnly = Object.keys(draft.inputRequests).length === 0 && conversation.legIds.length > 0;
    if (stateOnly && sent > 0) {
      await waitVisibly(deps, backoff, 'backoff before the next state-only retry');
      backoff = Math.min(backoff * 2, 250);
      if (deps.signal.aborted) continue;
    } else {
      backoff = 50;
    }
    await deps.send();
    sent += 1;
  }
}
