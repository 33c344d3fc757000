import { kindOf } from './kinds/registry.ts';
import type { SessionEvent } from './events.ts';
import type { Conversation, Draft, DraftPart, Leg, TamperRun } from './model.ts';
import { TAP_TARGET_PREFIX } from '../protocol/proxy-wire.ts';

/** Events whose effect stays inside one conversation (plus the leg it records): every event of a running call. */
export type ConversationEvent = Exclude<SessionEvent, { type: GlobalEvent }>;

/** Events that change more than one conversation: forks number and insert, remove and replace work on the whole. */
type GlobalEvent = 'conversation/forked' | 'draft/forked' | 'conversation/removed' | 'session/replaced';

/**
 * The conversation `event` is confined to, or undefined for a global event. Forks are global (`draft/forked` numbers
 * its branch title by scanning every conversation and inserts into the order), so are remove and replace.
 */
export function conversationOf(event: SessionEvent): string | undefined {
  switch (event.type) {
    case 'conversation/forked':
    case 'draft/forked':
    case 'conversation/removed':
    case 'session/replaced':
      return undefined;
    case 'conversation/started':
      return event.id;
    default:
      return event.conversationId;
  }
}

/** What a conversation event did: the conversation's new value, the leg it recorded, the next free rpc id. */
export interface ConversationChange {
  conversation: Conversation;
  /** a leg recorded by this event */
  leg?: Leg;
  /** the conversation is new: it goes at the end of the order */
  started?: boolean;
  nextRpcId: number;
}

/** What the rest of the session tells a conversation event. */
export interface ConversationContext {
  nextRpcId: number;
  /** a leg with this id is already recorded */
  hasLeg(legId: string): boolean;
  /** the recorded leg with this id */
  leg?(legId: string): Leg | undefined;
}

/** Put one part of a draft (or all of it) back as it was made. Drafts without an origin fall back to the call. */
function resetDraft(d: Draft, conversation: Conversation, part: DraftPart | undefined): Draft {
  const origin = d.origin ?? { rpcId: d.rpcId, params: conversation.params, capabilities: d.capabilities, answers: {} };
  const all = part === undefined;
  const next: Draft = { ...d };
  if (all || part === 'answers') {
    next.answers = { ...origin.answers };
    delete next.answersByHand;
  }
  if (all || part === 'params') next.params = origin.params;
  if (all || part === 'rpcId') next.rpcId = origin.rpcId;
  if (all || part === 'headers') next.extraHeaders = {};
  if (all || part === 'capabilities') next.capabilities = origin.capabilities;
  if (all || part === 'body') delete next.bodyOverride;
  if (all || part === 'target') delete next.target;
  if (all || part === 'requestState') {
    if (d.originalRequestState === undefined) delete next.requestState;
    else next.requestState = d.originalRequestState;
  }
  return next;
}

function started(event: Extract<ConversationEvent, { type: 'conversation/started' }>, rpcId: number): Conversation {
  const conversation: Conversation = {
    id: event.id,
    kind: event.kind,
    title: event.title,
    method: event.method,
    serverUrl: event.serverUrl,
    createdAt: event.at,
    params: event.params,
    legIds: [],
    draft: {
      rpcId,
      params: event.params,
      inputRequests: {},
      answers: {},
      capabilities: event.capabilities,
      extraHeaders: {},
      origin: { rpcId, params: event.params, capabilities: event.capabilities, answers: {} },
    },
  };
  if (event.inputSchema) conversation.inputSchema = event.inputSchema;
  if (event.watched) conversation.watched = event.watched;
  if (event.requestOptions && conversation.draft) conversation.draft.requestOptions = event.requestOptions;
  return conversation;
}

function recorded(
  c: Conversation,
  event: Extract<ConversationEvent, { type: 'leg/recorded' }>,
  rpcId: number,
): ConversationChange {
  const kind = kindOf(c);
  const leg: Leg = {
    id: event.legId,
    conversationId: c.id,
    rpcId: event.rpcId,
    exchange: event.exchange,
    outcome: kind.classify(c, event),
    sent: event.sent,
  };
  if (event.pushed) leg.pushed = event.pushed;
  const parent = kind.parentOf(c);
  if (parent) leg.parentLegId = parent;
  const step = kind.afterLeg(c, leg, rpcId);
  const { inFlight, draft: _old, ...rest } = c;
  const conversation: Conversation = { ...rest, legIds: [...c.legIds, leg.id] };
  // a leg recorded for another request than the one in flight (a poll, a stream that ended) leaves that one in flight
  if (inFlight && inFlight.rpcId !== event.rpcId && step.keepsInFlight) conversation.inFlight = inFlight;
  if (step.becomes) conversation.kind = step.becomes;
  if (step.task) conversation.task = step.task;
  let draft = step.draft;
  // a tapped server cannot be reached from the page: a tapped conversation's legs keep going where the last one went
  // (a fresh instance of it, which minted the state the next leg carries)
  if (draft && c.draft?.target !== undefined && c.serverUrl.startsWith(TAP_TARGET_PREFIX))
    draft = { ...draft, target: c.draft.target };
  if (draft) conversation.draft = draft;
  return { conversation, leg, nextRpcId: draft && draft.rpcId === rpcId ? rpcId + 1 : rpcId };
}

/** The draft part of a conversation event: the next draft, or undefined when the event changes nothing. */
function draftUpdate(d: Draft, c: Conversation, event: ConversationEvent): Draft | undefined {
  switch (event.type) {
    case 'draft/answer': {
      // a literal with a computed key defines an own property, so a server key like "__proto__" stays a key
      const answers = event.response === undefined ? { ...d.answers } : { ...d.answers, [event.key]: event.response };
      if (event.response === undefined) delete answers[event.key];
      return { ...d, answers };
    }
    case 'draft/answers':
      return { ...d, answers: { ...event.answers }, ...(event.byHand ? { answersByHand: true as const } : {}) };
    case 'draft/request-state': {
      const { requestState: _old, ...rest } = d;
      return event.value === undefined ? rest : { ...rest, requestState: event.value };
    }
    case 'draft/capabilities':
      return { ...d, capabilities: event.capabilities };
    case 'draft/headers':
      return { ...d, extraHeaders: event.headers };
    case 'draft/params':
      return { ...d, params: event.params };
    case 'draft/rpc-id':
      return { ...d, rpcId: event.rpcId };
    case 'draft/body': {
      const { bodyOverride: _old, ...rest } = d;
      return event.body === undefined ? rest : { ...rest, bodyOverride: event.body };
    }
    case 'draft/target': {
      const { target: _old, ...rest } = d;
      return event.url === undefined || event.url === c.serverUrl ? rest : { ...rest, target: event.url };
    }
    case 'draft/reset':
      return resetDraft(d, c, event.part);
    default:
      return undefined;
  }
}

function tamperUpdate(run: TamperRun, event: ConversationEvent): TamperRun | undefined {
  if (event.type === 'tamper/row') {
    return {
      ...run,
      rows: run.rows.map((r) => (r.mutationId === event.mutationId ? { ...r, ...event.patch } : r)),
    };
  }
  if (event.type === 'tamper/finished') return { ...run, finished: true };
  return undefined;
}

/**
 * Apply an event that stays inside one conversation. `current` is that conversation (undefined when there is none).
 * Returns undefined when the event changes nothing. Pure; `reduce` and `reduceMany` both apply events through it.
 */
export function reduceConversation(
  current: Conversation | undefined,
  event: ConversationEvent,
  ctx: ConversationContext,
): ConversationChange | undefined {
  const change = applyConversationEvent(current, event, ctx);
  if (!change?.conversation.draft || !kindOf(change.conversation).readOnly) return change;
  // a read-only kind offers nothing to send (no draft, no answer to give, no retry): "Fork into composer" steps it by
  // hand in a branch of its own
  const { draft: _none, ...conversation } = change.conversation;
  return { ...change, conversation };
}

function applyConversationEvent(
  current: Conversation | undefined,
  event: ConversationEvent,
  ctx: ConversationContext,
): ConversationChange | undefined {
  const { nextRpcId } = ctx;
  if (event.type === 'conversation/started') {
    if (current) return undefined;
    return { conversation: started(event, nextRpcId), started: true, nextRpcId: nextRpcId + 1 };
  }
  if (!current) return undefined;
  switch (event.type) {
    case 'leg/sent':
      return {
        conversation: {
          ...current,
          inFlight: {
            rpcId: event.rpcId,
            startedAt: event.at,
            ...(event.request ? { request: event.request } : {}),
          },
        },
        // a leg that is no draft's (a poll, a cancel) takes its id from the session's counter (a draft's id was taken when it
        // was made)
        nextRpcId: event.takesId && event.rpcId === nextRpcId ? nextRpcId + 1 : nextRpcId,
      };
    case 'leg/recorded':
      return ctx.hasLeg(event.legId) ? undefined : recorded(current, event, nextRpcId);
    case 'tamper/planned':
      return { conversation: { ...current, tamperRun: event.run }, nextRpcId };
    case 'conversation/schema-refreshed': {
      const { inputSchema: _old, ...rest } = current;
      return { conversation: event.inputSchema ? { ...rest, inputSchema: event.inputSchema } : rest, nextRpcId };
    }
    case 'tamper/row':
    case 'tamper/finished': {
      const run = current.tamperRun;
      const next = run?.id === event.runId ? tamperUpdate(run, event) : undefined;
      return next ? { conversation: { ...current, tamperRun: next }, nextRpcId } : undefined;
    }
    default: {
      const next = current.draft ? draftUpdate(current.draft, current, event) : undefined;
      if (next) return { conversation: { ...current, draft: next }, nextRpcId };
      // an event only a kind knows (an answer posted to a request the server pushed, a status notification)
      const own = kindOf(current).onEvent?.(current, event, { leg: (id) => ctx.leg?.(id), nextRpcId });
      if (!own) return undefined;
      const change: ConversationChange = { conversation: own.conversation, nextRpcId: own.nextRpcId ?? nextRpcId };
      if (own.leg) change.leg = own.leg;
      return change;
    }
  }
}
