import type { Conversation, Leg, SessionState } from '../model.ts';
import type { ImportedConversation, ImportOrigin } from './import-origin.ts';
import { stableJson } from './stable-json.ts';

/**
 * The conversations named, plus every conversation they were forked from (their shared legs belong to the parent),
 * with exactly the legs they reference.
 */
export function pickConversations(session: SessionState, ids: readonly string[]): SessionState {
  const keep = new Set<string>();
  const visit = (id: string) => {
    const c = session.conversations[id];
    if (!c || keep.has(id)) return;
    keep.add(id);
    for (const legId of c.legIds) {
      const owner = session.legs[legId]?.conversationId;
      if (owner) visit(owner);
    }
    if (c.forkOf) visit(c.forkOf.conversationId);
  };
  ids.forEach(visit);
  const conversations: SessionState['conversations'] = {};
  const legs: SessionState['legs'] = {};
  for (const id of session.order) {
    const c = session.conversations[id];
    if (!c || !keep.has(id)) continue;
    conversations[id] = c;
    for (const legId of c.legIds) {
      const leg = session.legs[legId];
      if (leg) legs[legId] = leg;
    }
  }
  return { ...session, conversations, legs, order: session.order.filter((id) => keep.has(id)) };
}

export interface MergeResult {
  session: SessionState;
  /** ids (in the merged session) of the conversations that came from `incoming`, in order */
  added: string[];
  /** conversations that were already present, unchanged */
  alreadyPresent: string[];
}

function withoutOrigin(c: Conversation): string {
  const { imported: _origin, ...rest } = c as ImportedConversation;
  return stableJson(rest);
}

/** The same conversation with the same recorded legs (an import of something already here). */
function sameConversation(current: SessionState, a: Conversation, incoming: SessionState, b: Conversation): boolean {
  if (withoutOrigin(a) !== withoutOrigin(b)) return false;
  return a.legIds.every((id) => stableJson(current.legs[id]) === stableJson(incoming.legs[id]));
}

/**
 * Add `incoming` to `current` without touching anything already there. Ids that collide get fresh ones (every
 * reference is rewritten); a conversation already present with the same legs is not added twice.
 */
export function mergeSessions(
  current: SessionState,
  incoming: SessionState,
  origin: ImportOrigin,
  makeId: (prefix: string) => string,
): MergeResult {
  const convIds = new Map<string, string>();
  const legIds = new Map<string, string>();
  const alreadyPresent: string[] = [];
  for (const id of incoming.order) {
    const inc = incoming.conversations[id];
    const existing = current.conversations[id];
    if (!inc) continue;
    if (existing && sameConversation(current, existing, incoming, inc)) alreadyPresent.push(id);
    else convIds.set(id, existing ? makeId('conv') : id);
  }
  const present = new Set(alreadyPresent);
  for (const [id, l] of Object.entries(incoming.legs)) {
    // legs of a conversation already present stay as they are (a new fork may share them)
    if (!present.has(l.conversationId)) legIds.set(id, current.legs[id] ? makeId('leg') : id);
  }
  const conv = (id: string) => convIds.get(id) ?? id;
  const leg = (id: string) => legIds.get(id) ?? id;

  const legs: SessionState['legs'] = { ...current.legs };
  for (const [id, l] of Object.entries(incoming.legs)) {
    if (present.has(l.conversationId)) continue;
    const id2 = leg(id);
    const conversationId = conv(l.conversationId);
    const parentLegId = l.parentLegId ? leg(l.parentLegId) : undefined;
    // a leg whose ids stay is kept as it is: a 10,000-leg import then copies no leg (a leg is never mutated)
    if (id2 === l.id && conversationId === l.conversationId && parentLegId === l.parentLegId) {
      legs[id2] = l;
      continue;
    }
    const next: Leg = { ...l, id: id2, conversationId };
    if (parentLegId) next.parentLegId = parentLegId;
    legs[next.id] = next;
  }
  const conversations: SessionState['conversations'] = { ...current.conversations };
  const added: string[] = [];
  for (const [oldId, newId] of convIds) {
    const c = incoming.conversations[oldId];
    if (!c) continue;
    const next: ImportedConversation = { ...c, id: newId, legIds: c.legIds.map(leg), imported: origin };
    if (c.draft) {
      next.draft = { ...c.draft };
      if (c.draft.afterLegId) next.draft.afterLegId = leg(c.draft.afterLegId);
    }
    if (c.forkOf) next.forkOf = { conversationId: conv(c.forkOf.conversationId), legId: leg(c.forkOf.legId) };
    conversations[newId] = next;
    added.push(newId);
  }
  return {
    session: {
      ...current,
      conversations,
      legs,
      order: [...current.order, ...added],
      nextRpcId: Math.max(current.nextRpcId, incoming.nextRpcId),
    },
    added,
    alreadyPresent,
  };
}
