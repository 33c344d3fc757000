/**
 * A conversation as a sequence diagram in plain words: lanes for you (the user), the inspector, the server and,
 * for URL-mode elicitation, the browser tab. Pure: labels only, the component draws them (as text).
 */
import type { Conversation, Leg, SessionState } from '../model.ts';
import { targetOf } from '../selectors.ts';

export type Lane = 'user' | 'inspector' | 'server' | 'browser';

export interface SequenceStep {
  from: Lane;
  to: Lane;
  label: string;
  round: number;
  legId: string;
  /** a task's polls that saw the same status, folded into this arrow (tasks extension): the arrows it stands for */
  folded?: SequenceStep[];
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

const TASK_REQUESTS: Record<string, string> = {
  'tasks/get': 'client polls tasks/get',
  'tasks/cancel': 'client cancels the task (tasks/cancel)',
  'subscriptions/listen': 'client listens for task status (subscriptions/listen)',
};

function requestLabel(conversation: Conversation, leg: Leg, round: number): string {
  const method = leg.sent.method;
  if (method === 'tasks/update') return `client answers ${list(leg.sent.answeredKeys)} by tasks/update`;
  if (method && TASK_REQUESTS[method]) return TASK_REQUESTS[method];
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
      if (leg.sent.method === 'subscriptions/listen') {
        return `server ends the notification stream (${leg.exchange.notifications?.length ?? 0} messages)`;
      }
      if (leg.sent.method === 'tasks/update' || leg.sent.method === 'tasks/cancel') return 'server acknowledges';
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

/**
 * A task's consecutive polls that saw the same answer fold into one request arrow and one response arrow with a
 * count ("client polls tasks/get ×12"); `folded` keeps the arrows they stand for, so a view can expand them.
 */
function foldPolls(steps: SequenceStep[], legs: Leg[]): SequenceStep[] {
  const isPoll = new Set(legs.filter((l) => l.sent.method === 'tasks/get').map((l) => l.id));
  const out: SequenceStep[] = [];
  let i = 0;
  while (i < steps.length) {
    const req = steps[i]!;
    const res = steps[i + 1];
    if (!isPoll.has(req.legId) || !res || res.legId !== req.legId) {
      out.push(req);
      i += 1;
      continue;
    }
    const members: SequenceStep[] = [req, res];
    let j = i + 2;
    while (
      j + 1 < steps.length &&
      isPoll.has(steps[j]!.legId) &&
      steps[j + 1]!.legId === steps[j]!.legId &&
      steps[j + 1]!.label === res.label
    ) {
      members.push(steps[j]!, steps[j + 1]!);
      j += 2;
    }
    const count = members.length / 2;
    if (count === 1) out.push(req, res);
    else {
      out.push({ ...req, label: `${req.label} ×${count}`, folded: members });
      out.push({ ...res, label: `${res.label} (×${count})` });
    }
    i = j;
  }
  return out;
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
  return { lanes, steps: foldPolls(steps, legs) };
}
