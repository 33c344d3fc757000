import type { InputResponse } from '../../protocol/types.ts';
import type { SessionEvent } from '../events.ts';
import { afterAnswer, type HoldMode } from '../hold-rule.ts';
import type { Conversation } from '../model.ts';
import type { RunNote } from './flow-deps.ts';

export interface AnswerDeps {
  dispatch: (event: SessionEvent) => void;
  conversation: () => Conversation | undefined;
  holdMode: () => HoldMode;
  /** send the conversation's draft as composed */
  send: () => Promise<void>;
  /** say why a leg was held, or what went out at once */
  note: (note: RunNote) => void;
}

/**
 * Record one answer. When it completes the round, the leg goes out at once if the user asked for it ("Accept and
 * send") or the connection holds only edited legs, and nothing of the leg was edited; an edited leg is held with a
 * note naming the edits. Resolves true when the leg went out.
 */
export async function answerAndSend(
  conversationId: string,
  key: string,
  response: InputResponse | undefined,
  explicitSend: boolean,
  deps: AnswerDeps,
): Promise<boolean> {
  deps.dispatch({ type: 'draft/answer', conversationId, key, response });
  const conversation = deps.conversation();
  if (response === undefined || !conversation?.draft || conversation.inFlight) return false;
  const decision = afterAnswer(conversation.draft, deps.holdMode(), explicitSend);
  if (!decision.send) {
    if (decision.reason === 'edited') deps.note({ kind: 'held', message: decision.message });
    return false;
  }
  const round = conversation.legIds.length + 1;
  await deps.send();
  const how = explicitSend ? 'Accept and send' : 'Hold each leg: only when I edit something';
  const note: RunNote = { kind: 'sent', message: `Leg ${round} went out at once (${how})` };
  const legId = deps.conversation()?.legIds[round - 1];
  if (legId) note.legId = legId;
  deps.note(note);
  return true;
}
