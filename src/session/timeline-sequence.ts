/**
 * A conversation as a sequence diagram in plain words: lanes for you (the user), the inspector, the server and,
 * for URL-mode elicitation, the browser tab. Pure: labels only, the component draws them (as text).
 */
import type { Conversation, Leg, SessionState } from './model.ts';

export type Lane = 'user' | 'inspector' | 'server' | 'browser';

export interface SequenceStep {
  from: Lane;
  to: Lane;
  label: string;
  round: number;
  legId: string;
}

export interface SequenceDiagram {
  lanes: Lane[];
  steps: SequenceStep[];
}

export const LANE_LABELS: Record<Lane, string> = {
  user: 'You',
  inspector: 'Inspector',
  server: 'Server',
  browser: 'Browser tab',
};

function list(keys: string[]): string {
  return keys.length <= 3 ? keys.join(', ') : `${keys.slice(0, 3).join(', ')} and ${keys.length - 3} more`;
}

function short(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function targetOf(conversation: Conversation): string {
  const p = conversation.params;
  return typeof p.name === 'string' ? p.name : typeof p.uri === 'string' ? p.uri : '';
}

function requestLabel(conversation: Conversation, leg: Leg, round: number): string {
  if (round === 1 && !leg.sent.answeredKeys.length)
    return `client calls ${conversation.method} ${targetOf(conversation)}`;
  const answered = leg.sent.answeredKeys;
  const what = answered.length ? `client answers ${list(answered)}` : 'client retries';
  const state =
    leg.sent.requestState === undefined
      ? ' without state'
      : leg.sent.requestStateEdited
        ? ' with a state edited by you'
        : ' and echoes state';
  return `${what}${state}`;
}

function responseLabel(leg: Leg): string {
  const o = leg.outcome;
  switch (o.kind) {
    case 'input_required': {
      const keys = Object.keys(o.inputRequests ?? {});
      if (!keys.length) return 'server says not done yet, come back (state only)';
      return `server asks for ${list(keys)}${o.requestState !== undefined ? ' and hands over state' : ''}`;
    }
    case 'complete':
      return o.result.isError === true ? 'server completes with an error result' : 'server completes';
    case 'error':
      return `server rejects: ${o.error.code} ${short(o.error.message)}`;
    case 'invalid':
      return 'server sends an invalid response';
    case 'transport':
      return 'no response arrived';
    case 'task':
      return `server reports task ${o.task.status}${o.task.statusMessage ? `: ${short(o.task.statusMessage)}` : ''}`;
  }
}

function answerAction(response: unknown): string {
  if (typeof response !== 'object' || response === null) return 'answered';
  const action = (response as { action?: unknown }).action;
  if (action === 'accept') return 'accepted';
  if (action === 'decline') return 'declined';
  if (action === 'cancel') return 'cancelled';
  return 'answered';
}

/** Steps of a conversation in order: per leg the request, the response and the questions put to you. */
export function sequenceDiagram(state: SessionState, conversation: Conversation): SequenceDiagram {
  const steps: SequenceStep[] = [];
  let browser = false;
  const legs = conversation.legIds.map((id) => state.legs[id]).filter((l): l is Leg => Boolean(l));
  legs.forEach((leg, i) => {
    const round = i + 1;
    const legId = leg.id;
    steps.push({ from: 'inspector', to: 'server', label: requestLabel(conversation, leg, round), round, legId });
    steps.push({ from: 'server', to: 'inspector', label: responseLabel(leg), round, legId });
    if (leg.outcome.kind !== 'input_required') return;
    const next = legs[i + 1];
    for (const [key, request] of Object.entries(leg.outcome.inputRequests ?? {})) {
      const mode = request.params?.mode;
      if (request.method === 'elicitation/create' && mode === 'url') {
        browser = true;
        steps.push({
          from: 'inspector',
          to: 'user',
          label: `inspector asks your consent to open a page for ${key}`,
          round,
          legId,
        });
        steps.push({
          from: 'user',
          to: 'browser',
          label: `you complete ${key} in a separate browser tab`,
          round,
          legId,
        });
      } else {
        const kind =
          request.method === 'sampling/createMessage'
            ? 'a model reply'
            : request.method === 'roots/list'
              ? 'your workspace roots'
              : 'a form';
        steps.push({ from: 'inspector', to: 'user', label: `inspector shows ${kind} for ${key}`, round, legId });
      }
      const response = next?.sent.inputResponses?.[key];
      if (response !== undefined) {
        steps.push({ from: 'user', to: 'inspector', label: `you ${answerAction(response)} ${key}`, round, legId });
      }
    }
  });
  const lanes: Lane[] = browser ? ['user', 'browser', 'inspector', 'server'] : ['user', 'inspector', 'server'];
  return { lanes, steps };
}
