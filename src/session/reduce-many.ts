import type { SessionEvent } from './events.ts';
import type { SessionState } from './model.ts';
import { conversationOf, reduceConversation, type ConversationEvent } from './reduce-conversation.ts';
import { reduce } from './reducer.ts';

/**
 * Apply many events at once: the same result as `events.reduce(reduce, state)`, without copying the whole `legs`
 * and `conversations` records once per event.
 *
 * `reduce` is immutable, so folding it over N events costs O(N × session size): about 30 s for a 10,000-leg session.
 * Here events confined to one conversation go through `reduceConversation` (the very function `reduce` uses for
 * them) and their result is written into records this function owns, so a replay or an import of a long event log
 * is linear. Global events (forks, remove, replace) go through `reduce` on the full state. The input state is never
 * mutated.
 */
export function reduceMany(state: SessionState, events: Iterable<SessionEvent>): SessionState {
  // the other top-level fields, kept current
  let base = state;
  let conversations = state.conversations;
  let legs = state.legs;
  let order = state.order;
  let nextRpcId = state.nextRpcId;
  // records created here (safe to write into); anything else is copied first
  let ownConversations = false;
  let ownLegs = false;
  let ownOrder = false;
  let changed = false;
  const ctx = {
    nextRpcId,
    hasLeg: (legId: string) => Boolean(legs[legId]),
    leg: (legId: string) => legs[legId],
  };

  for (const event of events) {
    const id = conversationOf(event);
    if (id === undefined) {
      const full: SessionState = { ...base, conversations, legs, order, nextRpcId };
      const out = reduce(full, event);
      if (out === full) continue;
      changed = true;
      ownConversations &&= out.conversations === conversations;
      ownLegs &&= out.legs === legs;
      ownOrder &&= out.order === order;
      ({ conversations, legs, order, nextRpcId } = out);
      base = out;
      continue;
    }
    ctx.nextRpcId = nextRpcId;
    const change = reduceConversation(conversations[id], event as ConversationEvent, ctx);
    if (!change) continue;
    changed = true;
    if (!ownConversations) {
      conversations = { ...conversations };
      ownConversations = true;
    }
    conversations[change.conversation.id] = change.conversation;
    if (change.leg) {
      if (!ownLegs) {
        legs = { ...legs };
        ownLegs = true;
      }
      legs[change.leg.id] = change.leg;
    }
    if (change.started) {
      if (!ownOrder) {
        order = [...order];
        ownOrder = true;
      }
      order.push(change.conversation.id);
    }
    nextRpcId = change.nextRpcId;
  }
  return changed ? { ...base, conversations, legs, order, nextRpcId } : state;
}
