import { classifyExchange } from '../protocol/classify-exchange.ts';
import type { Conversation, Draft, Leg, SessionState } from './model.ts';
import type { SessionEvent } from './events.ts';

function withConversation(
  state: SessionState,
  id: string,
  update: (conversation: Conversation) => Conversation | undefined,
): SessionState {
  const current = state.conversations[id];
  if (!current) return state;
  const next = update(current);
  if (!next || next === current) return state;
  return { ...state, conversations: { ...state.conversations, [id]: next } };
}

function withDraft(state: SessionState, id: string, update: (draft: Draft) => Draft): SessionState {
  return withConversation(state, id, (c) => (c.draft ? { ...c, draft: update(c.draft) } : undefined));
}

/** Build the draft that retries after `leg`, or undefined when the conversation is over. */
function nextDraft(leg: Leg, previous: Draft | undefined, rpcId: number): Draft | undefined {
  const { outcome } = leg;
  if (outcome.kind === 'transport' && previous) {
    // nothing came back: offer to send the same leg again, with a new id
    return { ...previous, rpcId };
  }
  if (outcome.kind !== 'input_required') return undefined;
  const draft: Draft = {
    afterLegId: leg.id,
    rpcId,
    params: leg.sent.params,
    inputRequests: outcome.inputRequests ?? {},
    answers: {},
    capabilities: leg.sent.capabilities,
    extraHeaders: previous?.extraHeaders ?? {},
  };
  if (outcome.requestState !== undefined) {
    draft.originalRequestState = outcome.requestState;
    draft.requestState = outcome.requestState;
  }
  return draft;
}

export function reduce(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'conversation/started': {
      if (state.conversations[event.id]) return state;
      const conversation: Conversation = {
        id: event.id,
        title: event.title,
        method: event.method,
        serverUrl: event.serverUrl,
        createdAt: event.at,
        params: event.params,
        legIds: [],
        draft: {
          rpcId: state.nextRpcId,
          params: event.params,
          inputRequests: {},
          answers: {},
          capabilities: event.capabilities,
          extraHeaders: {},
        },
      };
      if (event.inputSchema) conversation.inputSchema = event.inputSchema;
      return {
        ...state,
        conversations: { ...state.conversations, [event.id]: conversation },
        order: [...state.order, event.id],
        nextRpcId: state.nextRpcId + 1,
      };
    }
    case 'leg/sent':
      return withConversation(state, event.conversationId, (c) => ({
        ...c,
        inFlight: { rpcId: event.rpcId, startedAt: event.at },
      }));
    case 'leg/recorded': {
      const conversation = state.conversations[event.conversationId];
      if (!conversation || state.legs[event.legId]) return state;
      const leg: Leg = {
        id: event.legId,
        conversationId: conversation.id,
        rpcId: event.rpcId,
        exchange: event.exchange,
        outcome: classifyExchange(event.exchange, conversation.method, event.rpcId),
        sent: event.sent,
      };
      const parent = conversation.draft?.afterLegId ?? conversation.legIds[conversation.legIds.length - 1];
      if (parent) leg.parentLegId = parent;
      const draft = nextDraft(leg, conversation.draft, state.nextRpcId);
      const { inFlight: _done, draft: _old, ...rest } = conversation;
      const next: Conversation = { ...rest, legIds: [...conversation.legIds, leg.id] };
      if (draft) next.draft = draft;
      return {
        ...state,
        legs: { ...state.legs, [leg.id]: leg },
        conversations: { ...state.conversations, [conversation.id]: next },
        nextRpcId: draft ? state.nextRpcId + 1 : state.nextRpcId,
      };
    }
    case 'draft/answer':
      return withDraft(state, event.conversationId, (d) => {
        const answers = { ...d.answers };
        if (event.response === undefined) delete answers[event.key];
        else answers[event.key] = event.response;
        return { ...d, answers };
      });
    case 'draft/request-state':
      return withDraft(state, event.conversationId, (d) => {
        const { requestState: _old, ...rest } = d;
        return event.value === undefined ? rest : { ...rest, requestState: event.value };
      });
    case 'draft/capabilities':
      return withDraft(state, event.conversationId, (d) => ({ ...d, capabilities: event.capabilities }));
    case 'draft/headers':
      return withDraft(state, event.conversationId, (d) => ({ ...d, extraHeaders: event.headers }));
    case 'draft/params':
      return withDraft(state, event.conversationId, (d) => ({ ...d, params: event.params }));
    case 'draft/rpc-id':
      return withDraft(state, event.conversationId, (d) => ({ ...d, rpcId: event.rpcId }));
    case 'draft/body':
      return withDraft(state, event.conversationId, (d) => {
        const { bodyOverride: _old, ...rest } = d;
        return event.body === undefined ? rest : { ...rest, bodyOverride: event.body };
      });
    case 'draft/reset':
      return withDraft(state, event.conversationId, (d) => {
        const { bodyOverride: _b, requestState: _s, ...rest } = d;
        const reset: Draft = { ...rest, answers: {}, extraHeaders: {} };
        const conversation = state.conversations[event.conversationId];
        if (conversation) reset.params = conversation.params;
        if (d.originalRequestState !== undefined) reset.requestState = d.originalRequestState;
        return reset;
      });
    case 'conversation/forked':
      return fork(state, event.fromLegId, event.id, event.at);
    case 'conversation/removed': {
      if (!state.conversations[event.conversationId]) return state;
      const conversations = { ...state.conversations };
      delete conversations[event.conversationId];
      const stillUsed = new Set(Object.values(conversations).flatMap((c) => c.legIds));
      const legs: SessionState['legs'] = {};
      for (const [id, leg] of Object.entries(state.legs)) if (stillUsed.has(id)) legs[id] = leg;
      return { ...state, conversations, legs, order: state.order.filter((id) => id !== event.conversationId) };
    }
    case 'session/replaced':
      return event.state;
  }
}

/** A new branch that resends `fromLegId` as it was sent (answers, state, capabilities), ready to be edited. */
function fork(state: SessionState, fromLegId: string, id: string, at: number): SessionState {
  const leg = state.legs[fromLegId];
  const source = leg && state.conversations[leg.conversationId];
  if (!leg || !source || state.conversations[id]) return state;
  const index = source.legIds.indexOf(fromLegId);
  const parentLeg = leg.parentLegId ? state.legs[leg.parentLegId] : undefined;
  const draft: Draft = {
    rpcId: state.nextRpcId,
    params: leg.sent.params,
    inputRequests: parentLeg?.outcome.kind === 'input_required' ? (parentLeg.outcome.inputRequests ?? {}) : {},
    answers: { ...(leg.sent.inputResponses ?? {}) },
    capabilities: leg.sent.capabilities,
    extraHeaders: {},
  };
  if (leg.parentLegId) draft.afterLegId = leg.parentLegId;
  if (parentLeg?.outcome.kind === 'input_required' && parentLeg.outcome.requestState !== undefined) {
    draft.originalRequestState = parentLeg.outcome.requestState;
  }
  if (leg.sent.requestState !== undefined) draft.requestState = leg.sent.requestState;
  const branchNumber =
    state.order.filter((cid) => state.conversations[cid]?.forkOf?.conversationId === source.id).length + 1;
  const conversation: Conversation = {
    id,
    title: `${source.title} · branch ${branchNumber} from round ${index + 1}`,
    method: source.method,
    serverUrl: source.serverUrl,
    createdAt: at,
    params: source.params,
    legIds: source.legIds.slice(0, Math.max(0, index)),
    draft,
    forkOf: { conversationId: source.id, legId: fromLegId },
  };
  if (source.inputSchema) conversation.inputSchema = source.inputSchema;
  const order = [...state.order];
  order.splice(state.order.indexOf(source.id) + 1, 0, id);
  return {
    ...state,
    conversations: { ...state.conversations, [id]: conversation },
    order,
    nextRpcId: state.nextRpcId + 1,
  };
}
