import { afterTaskLeg, afterTaskNotice } from './kinds/task/task-legs.ts';
import { afterLegacyTaskLeg, keepsWaiting, legacyTaskOutcome } from './kinds/legacy-task/legacy-task-legs.ts';
import { classifyExchange } from '../protocol/classify-exchange.ts';
import { isWatchedTraffic, watchedTransportOutcome } from './kinds/watched/watched-legs.ts';
import type { SessionEvent } from './events.ts';
import type { Conversation, Draft, DraftPart, Leg, TamperRun } from './model.ts';
import { answeredPushed, pushedDraft, pushedOutcome } from './kinds/legacy-call/pushed-legs.ts';

/** Events whose effect stays inside one conversation (plus the leg it records): every event of a running call. */
export type ConversationEvent = Extract<
  SessionEvent,
  {
    type:
      | 'conversation/started'
      | 'leg/sent'
      | 'leg/recorded'
      | 'leg/answered'
      | 'draft/answer'
      | 'draft/answers'
      | 'draft/request-state'
      | 'draft/capabilities'
      | 'draft/headers'
      | 'draft/params'
      | 'draft/rpc-id'
      | 'draft/body'
      | 'draft/reset'
      | 'tamper/planned'
      | 'tamper/row'
      | 'conversation/schema-refreshed'
      | 'tamper/finished'
      | 'task/notified'
      | 'task/listen-started';
  }
>;

/**
 * The conversation `event` is confined to, or undefined for a global event. Forks are global (`draft/forked` numbers
 * its branch title by scanning every conversation and inserts into the order), so are remove and replace.
 */
export function conversationOf(event: SessionEvent): string | undefined {
  switch (event.type) {
    case 'conversation/started':
      return event.id;
    case 'leg/sent':
    case 'leg/recorded':
    case 'leg/answered':
    case 'draft/answer':
    case 'draft/answers':
    case 'draft/request-state':
    case 'draft/capabilities':
    case 'draft/headers':
    case 'draft/params':
    case 'draft/rpc-id':
    case 'draft/body':
    case 'draft/reset':
    case 'tamper/planned':
    case 'tamper/row':
    case 'tamper/finished':
    case 'task/notified':
    case 'task/listen-started':
    case 'conversation/schema-refreshed':
      return event.conversationId;
    default:
      return undefined;
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
  // a retry is the same request: the call's progressToken, logLevel and traceparent go on every leg
  const requestOptions = previous?.requestOptions ?? leg.sent.requestOptions;
  if (requestOptions) draft.requestOptions = requestOptions;
  if (outcome.requestState !== undefined) {
    draft.originalRequestState = outcome.requestState;
    draft.requestState = outcome.requestState;
  }
  return draft;
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
  if (all || part === 'requestState') {
    if (d.originalRequestState === undefined) delete next.requestState;
    else next.requestState = d.originalRequestState;
  }
  return next;
}

function started(event: Extract<ConversationEvent, { type: 'conversation/started' }>, rpcId: number): Conversation {
  const conversation: Conversation = {
    id: event.id,
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
  const leg: Leg = {
    id: event.legId,
    conversationId: c.id,
    rpcId: event.rpcId,
    exchange: event.exchange,
    outcome: event.pushed
      ? pushedOutcome(event.exchange, event.pushed)
      : (watchedTransportOutcome(c, event.exchange) ??
        legacyTaskOutcome(c, event.exchange, event.sent, event.rpcId) ??
        classifyExchange(event.exchange, event.sent.method ?? c.method, event.rpcId)),
    sent: event.sent,
  };
  if (event.pushed) leg.pushed = event.pushed;
  // a watched client's other traffic is requests of their own, not rounds of one call: none retries the one before
  const parent = isWatchedTraffic(c) ? undefined : (c.draft?.afterLegId ?? c.legIds[c.legIds.length - 1]);
  if (parent) leg.parentLegId = parent;
  const taskStep = afterLegacyTaskLeg(c, leg) ?? afterTaskLeg(c, leg, rpcId);
  const draft = taskStep ? taskStep.draft : leg.pushed ? pushedDraft(leg, c.draft) : nextDraft(leg, c.draft, rpcId);
  const { inFlight, draft: _old, ...rest } = c;
  const conversation: Conversation = { ...rest, legIds: [...c.legIds, leg.id] };
  // a task's listen stream is recorded when it ends, while a poll may be in flight: that one stays in flight
  // so is a 2025-11-25 task's poll recorded while its tasks/result stream is awaited
  if (
    inFlight &&
    inFlight.rpcId !== event.rpcId &&
    (leg.sent.method === 'subscriptions/listen' || keepsWaiting(c, leg))
  ) {
    conversation.inFlight = inFlight;
  }
  if (taskStep) conversation.task = taskStep.task;
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
  if (!change?.conversation.watched || !change.conversation.draft) return change;
  // a watched conversation is read-only: its client answers and retries for itself, so the page offers nothing to send
  // on its behalf (no draft, no answer to give, no retry); "Fork into composer" steps it by hand in a branch of its own
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
        // a task poll or cancel takes its id from the session's counter (a draft's id was taken when it was made)
        nextRpcId: event.takesId && event.rpcId === nextRpcId ? nextRpcId + 1 : nextRpcId,
      };
    case 'leg/recorded':
      return ctx.hasLeg(event.legId) ? undefined : recorded(current, event, nextRpcId);
    case 'leg/answered': {
      const answered = answeredPushed(current, ctx.leg?.(event.legId), event);
      return answered ? { ...answered, nextRpcId } : undefined;
    }
    case 'tamper/planned':
      return { conversation: { ...current, tamperRun: event.run }, nextRpcId };
    case 'task/listen-started':
      return { conversation: current, nextRpcId: event.rpcId === nextRpcId ? nextRpcId + 1 : nextRpcId };
    case 'task/notified': {
      const step = afterTaskNotice(current, event.task, event.at, nextRpcId, event.capabilities);
      if (!step) return undefined;
      const { draft: _old, ...rest } = current;
      const conversation: Conversation = { ...rest, task: step.task };
      if (step.draft) conversation.draft = step.draft;
      return { conversation, nextRpcId: step.draft && step.draft.rpcId === nextRpcId ? nextRpcId + 1 : nextRpcId };
    }
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
      return next ? { conversation: { ...current, draft: next }, nextRpcId } : undefined;
    }
  }
}
