import type { Conversation, Leg, SessionState } from '../../session/model.ts';

/** What the leg panel beside the timeline shows. */
export type LegPanel =
  | { kind: 'leg'; leg: Leg; conversation: Conversation }
  | { kind: 'in-flight'; conversation: Conversation; sentAt: number };

/**
 * A leg is always shown with its own conversation (or with the selected one when that lists it: a branch's inherited
 * leg), never under another call's title. When the selected conversation has a leg in flight and the selected leg is
 * not one of its legs (a call just started, a branch just sent), the panel shows the leg in flight instead.
 */
export function legPanel(
  session: SessionState,
  selectedLegId: string | null,
  selectedConversationId: string | null,
): LegPanel | null {
  const leg = selectedLegId ? session.legs[selectedLegId] : undefined;
  const picked = selectedConversationId ? session.conversations[selectedConversationId] : undefined;
  const pickedHasLeg = Boolean(leg && picked?.legIds.includes(leg.id));
  if (picked?.inFlight && !pickedHasLeg) {
    return { kind: 'in-flight', conversation: picked, sentAt: picked.inFlight.startedAt };
  }
  if (!leg) return null;
  const own = picked && pickedHasLeg ? picked : session.conversations[leg.conversationId];
  return own ? { kind: 'leg', leg, conversation: own } : null;
}
