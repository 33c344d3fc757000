import type { SessionState } from './model.ts';
import type { SessionEvent } from './events.ts';
import { forkDraft, forkFromLeg } from './forks.ts';
import { withKinds } from './kinds/registry.ts';
import {
  conversationOf,
  reduceConversation,
  type ConversationChange,
  type ConversationEvent,
} from './reduce-conversation.ts';

/** Put a conversation event's change into the whole state (new records: the state is immutable). */
function applyChange(state: SessionState, change: ConversationChange): SessionState {
  const { conversation, leg } = change;
  return {
    ...state,
    conversations: { ...state.conversations, [conversation.id]: conversation },
    legs: leg ? { ...state.legs, [leg.id]: leg } : state.legs,
    order: change.started ? [...state.order, conversation.id] : state.order,
    nextRpcId: change.nextRpcId,
  };
}

/**
 * The session reducer: pure and immutable. Events confined to one conversation (every event of a running call) are
 * applied by `reduceConversation`; forks, remove and replace work on the whole state. To apply many events at once
 * (a watched exchange's legs, recorded with its grouping in one store update) use `reduceMany`, which gives the same
 * result without copying the records per event.
 */
export function reduce(state: SessionState, event: SessionEvent): SessionState {
  const id = conversationOf(event);
  if (id !== undefined) {
    const change = reduceConversation(state.conversations[id], event as ConversationEvent, {
      nextRpcId: state.nextRpcId,
      hasLeg: (legId) => Boolean(state.legs[legId]),
      leg: (legId) => state.legs[legId],
    });
    return change ? applyChange(state, change) : state;
  }
  switch (event.type) {
    case 'conversation/forked':
      return forkFromLeg(state, event.fromLegId, event.id, event.at);
    case 'draft/forked': {
      const { type: _t, ...options } = event;
      return forkDraft(state, options);
    }
    case 'conversation/removed': {
      if (!state.conversations[event.conversationId]) return state;
      const conversations = { ...state.conversations };
      delete conversations[event.conversationId];
      const stillUsed = new Set(Object.values(conversations).flatMap((c) => c.legIds));
      const legs: SessionState['legs'] = {};
      for (const [legId, leg] of Object.entries(state.legs)) if (stillUsed.has(legId)) legs[legId] = leg;
      return { ...state, conversations, legs, order: state.order.filter((c) => c !== event.conversationId) };
    }
    case 'session/replaced':
      // a session saved or exported before conversations had a kind gets the one its fields say
      return withKinds(event.state);
    default:
      return state;
  }
}
