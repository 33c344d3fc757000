/**
 * Conversations recorded from a client the inspector watches (through its proxy): read-only, since that client
 * answers and retries for itself. A watched call's legs are rounds of one call (both eras, tasks included, requests
 * the server pushed); a watched client's other traffic (initialize, notifications, its answers to requests pushed
 * outside a call, a session's GET stream and DELETE) are requests of their own, each judged by what it is. Pure.
 */
import { classifyExchange, transportOutcome } from '../../../protocol/classify-exchange.ts';
import type { Conversation, Leg } from '../../model.ts';
import { composeCall } from '../call/compose-call.ts';
import { previousRound } from '../call/next-draft.ts';
import type { ConversationKind, KindStep, RecordedExchange } from '../kind.ts';
import { onPushedAnswer } from '../legacy-call/legacy-call-kind.ts';
import { pushedOutcome, pushedStatus } from '../legacy-call/pushed-legs.ts';
import { afterLegacyTaskLeg, keepsWaiting, legacyTaskOutcome } from '../legacy-task/legacy-task-legs.ts';
import { taskKind, taskStatus } from '../task/task-kind.ts';
import { afterTaskLeg } from '../task/task-legs.ts';

/** A watched leg: a pushed request asks; a notification's 202 or a stream is its whole success; else as any leg. */
function classifyWatched(c: Conversation, r: RecordedExchange) {
  if (r.pushed) return pushedOutcome(r.exchange, r.pushed);
  return (
    transportOutcome(r.exchange) ??
    legacyTaskOutcome(c, r.exchange, r.sent, r.rpcId) ??
    classifyExchange(r.exchange, r.sent.method ?? c.method, r.rpcId)
  );
}

/** The task the client follows, as the leg left it; never a draft: nothing is sent for a watched client. */
function watchedStep(c: Conversation, leg: Leg, rpcId: number): KindStep {
  const task = afterLegacyTaskLeg(c, leg) ?? afterTaskLeg(c, leg, rpcId);
  const keepsInFlight = leg.sent.method === 'subscriptions/listen' || keepsWaiting(c, leg);
  return task ? { task: task.task, keepsInFlight } : { keepsInFlight };
}

/** The method shown for a watched client's "other traffic" conversation (its kind is `watched-traffic`). */
export const WATCHED_TRAFFIC = 'watched/traffic';

const watched: Omit<ConversationKind, 'id' | 'parentOf'> = {
  wire: 'none',
  readOnly: true,
  compose: composeCall,
  classify: classifyWatched,
  afterLeg: watchedStep,
  status: (_c, last) => taskStatus(last) ?? pushedStatus(last),
  onEvent: (c, event, ctx) => onPushedAnswer(c, event, ctx) ?? taskKind.onEvent?.(c, event, ctx),
};

export const watchedCallKind: ConversationKind = { ...watched, id: 'watched-call', parentOf: previousRound };

/** A watched client's other traffic: requests of their own, none retries the one before. */
export const watchedTrafficKind: ConversationKind = { ...watched, id: 'watched-traffic', parentOf: () => undefined };
