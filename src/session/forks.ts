import type { SessionEvent } from './events.ts';
import type { Conversation, Draft, KindId, SessionState } from './model.ts';

function branchTitle(state: SessionState, source: Conversation, where: string): string {
  let n = 1;
  for (const cid of state.order) if (state.conversations[cid]?.forkOf?.conversationId === source.id) n += 1;
  return `${source.title} · branch ${n} ${where}`;
}

function insertAfter(order: string[], afterId: string, id: string): string[] {
  const next = [...order];
  const at = order.indexOf(afterId);
  next.splice(at < 0 ? next.length : at + 1, 0, id);
  return next;
}

/**
 * What a branch that resends an earlier leg is: the same kind of call, sent by the app. A task's or a watched client's
 * leg resent is its call again (over the session for one made on a 2025-11-25 session).
 */
function resentAs(source: Conversation): KindId {
  if (source.kind === 'legacy-call' || source.kind === 'legacy-task') return 'legacy-call';
  return 'call';
}

/** A new branch that resends `fromLegId` as it was sent (answers, state, capabilities), ready to be edited. */
export function forkFromLeg(state: SessionState, fromLegId: string, id: string, at: number): SessionState {
  const leg = state.legs[fromLegId];
  const source = leg && state.conversations[leg.conversationId];
  if (!leg || !source || state.conversations[id]) return state;
  const index = source.legIds.indexOf(fromLegId);
  const parentLeg = leg.parentLegId ? state.legs[leg.parentLegId] : undefined;
  const answers = { ...(leg.sent.inputResponses ?? {}) };
  const draft: Draft = {
    rpcId: state.nextRpcId,
    params: leg.sent.params,
    inputRequests: parentLeg?.outcome.kind === 'input_required' ? (parentLeg.outcome.inputRequests ?? {}) : {},
    answers,
    capabilities: leg.sent.capabilities,
    extraHeaders: {},
    origin: { rpcId: state.nextRpcId, params: leg.sent.params, capabilities: leg.sent.capabilities, answers },
  };
  if (leg.parentLegId) draft.afterLegId = leg.parentLegId;
  if (parentLeg?.outcome.kind === 'input_required' && parentLeg.outcome.requestState !== undefined) {
    draft.originalRequestState = parentLeg.outcome.requestState;
  }
  if (leg.sent.requestState !== undefined) draft.requestState = leg.sent.requestState;
  if (leg.sent.requestOptions) draft.requestOptions = leg.sent.requestOptions;
  const conversation: Conversation = {
    id,
    kind: resentAs(source),
    title: branchTitle(state, source, `from round ${index + 1}`),
    method: source.method,
    serverUrl: source.serverUrl,
    createdAt: at,
    params: source.params,
    legIds: source.legIds.slice(0, Math.max(0, index)),
    draft,
    forkOf: { conversationId: source.id, legId: fromLegId },
  };
  if (source.inputSchema) conversation.inputSchema = source.inputSchema;
  return {
    ...state,
    conversations: { ...state.conversations, [id]: conversation },
    order: insertAfter(state.order, source.id, id),
    nextRpcId: state.nextRpcId + 1,
  };
}

/** The fields of a `draft/forked` event (the branch's id and time, a title, and what it sends instead). */
export type DraftForkOptions = Omit<Extract<SessionEvent, { type: 'draft/forked' }>, 'type'>;

export function forkDraft(state: SessionState, o: DraftForkOptions): SessionState {
  const source = state.conversations[o.conversationId];
  const draft = source?.draft;
  if (!source || !draft || state.conversations[o.id]) return state;
  const lastLegId = draft.afterLegId ?? source.legIds[source.legIds.length - 1];
  const { requestState: _kept, ...rest } = draft;
  const copy: Draft = { ...rest, rpcId: state.nextRpcId };
  const nextState = o.requestState === undefined ? draft.requestState : (o.requestState ?? undefined);
  if (nextState !== undefined) copy.requestState = nextState;
  const conversation: Conversation = {
    id: o.id,
    kind: source.kind,
    title: o.title ?? branchTitle(state, source, `at round ${source.legIds.length + 1}`),
    method: source.method,
    serverUrl: source.serverUrl,
    createdAt: o.at,
    params: source.params,
    legIds: [...source.legIds],
    draft: copy,
  };
  if (lastLegId) conversation.forkOf = { conversationId: source.id, legId: lastLegId, atDraft: true };
  if (o.tamper) conversation.tamper = o.tamper;
  if (source.inputSchema) conversation.inputSchema = source.inputSchema;
  return {
    ...state,
    conversations: { ...state.conversations, [o.id]: conversation },
    order: insertAfter(state.order, source.id, o.id),
    nextRpcId: state.nextRpcId + 1,
  };
}
