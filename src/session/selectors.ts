import type { Conversation, Draft, Leg, SessionState } from './model.ts';

export type ConversationStatus =
  'new' | 'in-flight' | 'awaiting-input' | 'ready' | 'complete' | 'error' | 'invalid' | 'transport';

export function conversationLegs(state: SessionState, conversation: Conversation): Leg[] {
  const out: Leg[] = [];
  for (const id of conversation.legIds) {
    const leg = state.legs[id];
    if (leg) out.push(leg);
  }
  return out;
}

export function lastLeg(state: SessionState, conversation: Conversation): Leg | undefined {
  const id = conversation.legIds[conversation.legIds.length - 1];
  return id ? state.legs[id] : undefined;
}

/** Keys the draft still needs answers for. */
export function unansweredKeys(draft: Draft): string[] {
  return Object.keys(draft.inputRequests).filter((k) => !(k in draft.answers));
}

export function isDraftReady(draft: Draft): boolean {
  return unansweredKeys(draft).length === 0;
}

export function conversationStatus(state: SessionState, conversation: Conversation): ConversationStatus {
  if (conversation.inFlight) return 'in-flight';
  const last = lastLeg(state, conversation);
  if (conversation.draft) {
    if (!last && conversation.legIds.length === 0 && !conversation.forkOf) return 'new';
    if (last?.outcome.kind === 'transport') return 'transport';
    return isDraftReady(conversation.draft) ? 'ready' : 'awaiting-input';
  }
  if (!last) return 'new';
  switch (last.outcome.kind) {
    case 'complete':
      return 'complete';
    case 'error':
      return 'error';
    case 'invalid':
      return 'invalid';
    case 'transport':
      return 'transport';
    case 'input_required':
      return 'awaiting-input';
  }
}

/** Round number of a leg within its conversation (1-based). */
export function roundOf(conversation: Conversation, legId: string): number {
  return conversation.legIds.indexOf(legId) + 1;
}

/** Every requestState the server handed out in this session, for "swap in state from" menus. */
export function knownRequestStates(state: SessionState): { label: string; value: string; legId: string }[] {
  const out: { label: string; value: string; legId: string }[] = [];
  for (const id of state.order) {
    const c = state.conversations[id];
    if (!c) continue;
    c.legIds.forEach((legId, i) => {
      const leg = state.legs[legId];
      if (
        leg?.outcome.kind === 'input_required' &&
        leg.outcome.requestState !== undefined &&
        leg.conversationId === c.id
      ) {
        out.push({ label: `${c.title} · round ${i + 1}`, value: leg.outcome.requestState, legId });
      }
    });
  }
  return out;
}
