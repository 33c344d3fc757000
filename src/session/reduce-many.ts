import type { SessionEvent } from './events.ts';
import type { SessionState } from './model.ts';
import { reduce } from './reducer.ts';

/**
 * The part of the state an event can touch when its effect stays inside one conversation (plus the leg it names):
 * every event the app dispatches while calls run. Anything else (fork, remove, replace, unknown) is global.
 */
function scopeOf(event: SessionEvent): { conversationId: string; legId?: string } | null {
  switch (event.type) {
    case 'conversation/started':
      return { conversationId: event.id };
    case 'leg/recorded':
      return { conversationId: event.conversationId, legId: event.legId };
    case 'leg/sent':
    case 'draft/answer':
    case 'draft/request-state':
    case 'draft/capabilities':
    case 'draft/headers':
    case 'draft/params':
    case 'draft/rpc-id':
    case 'draft/body':
    case 'draft/reset':
      return { conversationId: event.conversationId };
    default:
      return null;
  }
}

/**
 * Apply many events at once: the same result as `events.reduce(reduce, state)` (it runs `reduce` itself for every
 * event), without copying the whole `legs` and `conversations` records once per event.
 *
 * `reduce` is immutable, so folding it over N events costs O(N × session size): about 30 s for a 10,000-leg session.
 * Here each conversation-scoped event is reduced against a one-conversation view of the state and merged into
 * records this function owns, so a replay or an import of a long event log is linear. Global events (fork, remove,
 * replace) still go through `reduce` on the full state. The input state is never mutated.
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

  for (const event of events) {
    const scope = scopeOf(event);
    if (!scope) {
      const full: SessionState = { conversations, legs, order, nextRpcId };
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
    const conversation = conversations[scope.conversationId];
    const leg = scope.legId === undefined ? undefined : legs[scope.legId];
    const view: SessionState = {
      ...base,
      conversations: conversation ? { [scope.conversationId]: conversation } : {},
      legs: leg && scope.legId !== undefined ? { [scope.legId]: leg } : {},
      order: [],
      nextRpcId,
    };
    const out = reduce(view, event);
    if (out === view) continue;
    changed = true;
    for (const [id, next] of Object.entries(out.conversations)) {
      if (next === view.conversations[id]) continue;
      if (!ownConversations) {
        conversations = { ...conversations };
        ownConversations = true;
      }
      conversations[id] = next;
    }
    for (const [id, next] of Object.entries(out.legs)) {
      if (next === view.legs[id]) continue;
      if (!ownLegs) {
        legs = { ...legs };
        ownLegs = true;
      }
      legs[id] = next;
    }
    if (out.order.length > 0) {
      if (!ownOrder) {
        order = [...order];
        ownOrder = true;
      }
      order.push(...out.order);
    }
    nextRpcId = out.nextRpcId;
    for (const key of Object.keys(out) as (keyof SessionState)[]) {
      if (key === 'conversations' || key === 'legs' || key === 'order' || key === 'nextRpcId') continue;
      if (out[key] !== view[key]) base = { ...base, [key]: out[key] };
    }
  }
  return changed ? { ...base, conversations, legs, order, nextRpcId } : state;
}
