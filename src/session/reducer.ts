import { classifyExchange } from '../protocol/classify-exchange.ts';
import type { Conversation, Draft, DraftPart, Leg, SessionState, TamperRun } from './model.ts';
import type { SessionEvent } from './events.ts';
import { forkDraft, forkFromLeg } from './forks.ts';

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
    const again: Draft = { ...previous, rpcId };
    if (previous.origin) again.origin = { ...previous.origin, rpcId };
    return again;
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
    origin: { rpcId, params: leg.sent.params, capabilities: leg.sent.capabilities, answers: {} },
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
          origin: { rpcId: state.nextRpcId, params: event.params, capabilities: event.capabilities, answers: {} },
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
        // a literal with a computed key defines an own property, so a server key like "__proto__" stays a key
        const answers = event.response === undefined ? { ...d.answers } : { ...d.answers, [event.key]: event.response };
        if (event.response === undefined) delete answers[event.key];
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
    case 'draft/answers':
      return withDraft(state, event.conversationId, (d) => ({ ...d, answers: { ...event.answers } }));
    case 'draft/reset':
      return withDraft(state, event.conversationId, (d) =>
        resetDraft(d, state.conversations[event.conversationId], event.part),
      );
    case 'conversation/forked':
      return forkFromLeg(state, event.fromLegId, event.id, event.at);
    case 'draft/forked': {
      const { type: _t, ...options } = event;
      return forkDraft(state, options);
    }
    case 'tamper/planned':
      return withConversation(state, event.conversationId, (c) => ({ ...c, tamperRun: event.run }));
    case 'tamper/row':
      return withTamperRun(state, event.conversationId, event.runId, (run) => ({
        ...run,
        rows: run.rows.map((r) => (r.mutationId === event.mutationId ? { ...r, ...event.patch } : r)),
      }));
    case 'tamper/finished':
      return withTamperRun(state, event.conversationId, event.runId, (run) => ({ ...run, finished: true }));
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

function withTamperRun(
  state: SessionState,
  conversationId: string,
  runId: string,
  update: (run: TamperRun) => TamperRun,
): SessionState {
  return withConversation(state, conversationId, (c) =>
    c.tamperRun?.id === runId ? { ...c, tamperRun: update(c.tamperRun) } : undefined,
  );
}

/** Put one part of a draft (or all of it) back as it was made. Drafts without an origin fall back to the call. */
function resetDraft(d: Draft, conversation: Conversation | undefined, part: DraftPart | undefined): Draft {
  const origin = d.origin ?? {
    rpcId: d.rpcId,
    params: conversation?.params ?? d.params,
    capabilities: d.capabilities,
    answers: {},
  };
  const all = part === undefined;
  const next: Draft = { ...d };
  if (all || part === 'answers') next.answers = { ...origin.answers };
  if (all || part === 'params') next.params = origin.params;
  if (all || part === 'rpcId') next.rpcId = origin.rpcId;
  if (all || part === 'headers') next.extraHeaders = {};
  if (all || part === 'capabilities') next.capabilities = origin.capabilities;
  if (all || part === 'body') delete next.bodyOverride;
  if (all || part === 'requestState') {
    if (d.originalRequestState === undefined) delete next.requestState;
    else next.requestState = d.originalRequestState;
  }
  return next;
}
