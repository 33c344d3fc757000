import { isJsonObject, type ClientInfo, type JsonObject } from '../protocol/types.ts';
import { hasOwnKey } from '../protocol/own-keys.ts';
import { composeRequest, type ComposedRequest, type ConnectionContext } from './compose.ts';
import { kindOf } from './kinds/registry.ts';
import type { Conversation, Draft, DraftPart, Leg, SessionState } from './model.ts';

export type ConversationStatus =
  'new' | 'in-flight' | 'awaiting-input' | 'ready' | 'complete' | 'error' | 'invalid' | 'transport' | 'task-working';

export function conversationLegs(state: SessionState, conversation: Conversation): Leg[] {
  const out: Leg[] = [];
  for (const id of conversation.legIds) {
    const leg = state.legs[id];
    if (leg) out.push(leg);
  }
  return out;
}

export function lastLeg(state: SessionState, conversation: Conversation): Leg | undefined {
  const id = conversation.legIds[conversation.legIds.length - 1];
  return id ? state.legs[id] : undefined;
}

/** Keys the draft still needs answers for. */
export function unansweredKeys(draft: Draft): string[] {
  return Object.keys(draft.inputRequests).filter((k) => !hasOwnKey(draft.answers, k));
}

export function isDraftReady(draft: Draft): boolean {
  return unansweredKeys(draft).length === 0;
}

export function conversationStatus(state: SessionState, conversation: Conversation): ConversationStatus {
  if (conversation.inFlight) return 'in-flight';
  const last = lastLeg(state, conversation);
  if (conversation.draft) {
    if (!last && conversation.legIds.length === 0 && !conversation.forkOf) return 'new';
    if (last?.outcome.kind === 'transport') return 'transport';
    return isDraftReady(conversation.draft) ? 'ready' : 'awaiting-input';
  }
  if (!last) return 'new';
  const own = kindOf(conversation).status?.(conversation, last);
  if (own) return own;
  switch (last.outcome.kind) {
    case 'complete':
      return 'complete';
    case 'error':
      return 'error';
    case 'invalid':
      return 'invalid';
    case 'transport':
      return 'transport';
    case 'input_required':
      return 'awaiting-input';
    default:
      // an outcome only a kind reads (its status said nothing more): the conversation's turn is over
      return 'complete';
  }
}

/** Round number of a leg within its conversation (1-based). */
export function roundOf(conversation: Conversation, legId: string): number {
  return conversation.legIds.indexOf(legId) + 1;
}

/** Every requestState the server handed out in this session, for "swap in state from" menus. */
export function knownRequestStates(
  state: SessionState,
): { label: string; value: string; legId: string; target: string }[] {
  const out: { label: string; value: string; legId: string; target: string }[] = [];
  const seen = new Set<string>();
  // calls of the same tool get a number ("provision #2"), so no two entries read alike
  const titles = new Map<string, number>();
  for (const id of state.order) {
    const c = state.conversations[id];
    if (!c) continue;
    const n = (titles.get(c.title) ?? 0) + 1;
    titles.set(c.title, n);
    const title = n > 1 ? `${c.title} #${n}` : c.title;
    c.legIds.forEach((legId, i) => {
      const leg = state.legs[legId];
      const value = leg?.outcome.kind === 'input_required' ? leg.outcome.requestState : undefined;
      // a leg shared by a branch belongs to the call it was sent in; the same state handed out twice is listed once
      if (value === undefined || leg?.conversationId !== c.id || seen.has(value)) return;
      seen.add(value);
      out.push({ label: `${title} · round ${i + 1}`, value, legId, target: targetOf(c) });
    });
  }
  return out;
}

/** The conversation a branch (or a branch of a branch) was forked from at the top. */
function familyRoot(state: SessionState, conversation: Conversation): Conversation {
  // most conversations are not branches: no walk (conversationFamily asks this of every conversation)
  if (!conversation.forkOf) return conversation;
  let current = conversation;
  const seen = new Set<string>([current.id]);
  for (;;) {
    const parent = current.forkOf ? state.conversations[current.forkOf.conversationId] : undefined;
    if (!parent || seen.has(parent.id)) return current;
    seen.add(parent.id);
    current = parent;
  }
}

/** A call and every branch forked from it (transitively), in session order, the original first. */
export function conversationFamily(state: SessionState, conversationId: string): Conversation[] {
  const start = state.conversations[conversationId];
  if (!start) return [];
  const root = familyRoot(state, start);
  const out: Conversation[] = [];
  for (const id of state.order) {
    const c = state.conversations[id];
    if (c && familyRoot(state, c).id === root.id) out.push(c);
  }
  return out;
}

/** Ids already sent in this conversation (legs before a fork point included). */
export function usedRpcIds(state: SessionState, conversation: Conversation): Leg['rpcId'][] {
  return conversationLegs(state, conversation).map((l) => l.rpcId);
}

/** `text` cut to `max` characters, the last one an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

/** `key: action {content}` for each answer, short. */
function answersSummary(answers: Record<string, JsonObject> | undefined): string[] {
  return Object.entries(answers ?? {}).map(([key, a]) => {
    const action = typeof a.action === 'string' ? a.action : 'answer';
    const content = a.content !== undefined ? ` ${JSON.stringify(a.content)}` : '';
    return clip(`${key}: ${action}${content}`, 80);
  });
}

/** One line saying how a leg ended: result text, error code and message, or that it asked again. */
export function outcomeSummary(leg: Leg | undefined): string {
  if (!leg) return 'not sent yet';
  const o = leg.outcome;
  switch (o.kind) {
    case 'complete': {
      const content = Array.isArray(o.result.content) ? o.result.content : [];
      const text = content
        .map((b) => (isJsonObject(b) && typeof b.text === 'string' ? b.text : ''))
        .join(' ')
        .trim();
      return clip(`${o.result.isError === true ? 'isError: ' : ''}${text || 'complete'}`, 160);
    }
    case 'error':
      return clip(`error ${o.error.code}: ${o.error.message}`, 160);
    case 'input_required':
      return o.stateOnly ? 'input_required (state only)' : `asks ${Object.keys(o.inputRequests ?? {}).join(', ')}`;
    case 'invalid':
    case 'transport':
      return clip(o.reason, 160);
    case 'task':
      return clip(`task ${o.task.status}${o.task.statusMessage ? `: ${o.task.statusMessage}` : ''}`, 160);
  }
}

export interface BranchSummary {
  id: string;
  title: string;
  isOriginal: boolean;
  /** "resends round 2" / "from the paused round 2" */
  forkPoint?: string;
  /** what this branch sent differently: its first own leg (or its draft while unsent) */
  sent: string[];
  stateEdited: boolean;
  status: ConversationStatus;
  outcome: string;
  /** set for forks made by the tamper matrix */
  tamper?: string;
}

/** Side-by-side cards for a call and its branches. */
export function branchSummaries(state: SessionState, conversationId: string): BranchSummary[] {
  return conversationFamily(state, conversationId).map((c) => {
    const own = conversationLegs(state, c).filter((l) => l.conversationId === c.id);
    const first = own[0];
    const summary: BranchSummary = {
      id: c.id,
      title: c.title,
      isOriginal: !c.forkOf,
      sent: first ? answersSummary(first.sent.inputResponses) : c.draft ? answersSummary(c.draft.answers) : [],
      stateEdited: first ? first.sent.requestStateEdited : c.draft?.requestState !== c.draft?.originalRequestState,
      status: conversationStatus(state, c),
      outcome: own.length ? outcomeSummary(own[own.length - 1]) : 'not sent yet',
    };
    if (c.forkOf) {
      const source = state.conversations[c.forkOf.conversationId];
      const round = source ? roundOf(source, c.forkOf.legId) : 0;
      summary.forkPoint = c.forkOf.atDraft ? `from the paused round ${round + 1}` : `resends round ${round}`;
    }
    if (c.tamper) summary.tamper = c.tamper.label;
    return summary;
  });
}

/** What a conversation calls: the tool or prompt name, or the resource uri ('' when its params hold neither). */
export function targetOf(conversation: Conversation): string {
  const p = conversation.params;
  return typeof p.name === 'string' ? p.name : typeof p.uri === 'string' ? p.uri : '';
}

/** Earlier legs of a conversation that a one-click fork can resend: retries that carried a state or answers. */
export function forkPoints(
  state: SessionState,
  conversation: Conversation,
): { legId: string; round: number; canDecline: boolean }[] {
  const out: { legId: string; round: number; canDecline: boolean }[] = [];
  conversation.legIds.forEach((legId, i) => {
    const leg = state.legs[legId];
    if (!leg?.parentLegId) return;
    if (leg.sent.method) return; // a leg of another method than the call's (a poll, an update) is no retry to replay
    const parent = state.legs[leg.parentLegId];
    const asked = parent?.outcome.kind === 'input_required' ? (parent.outcome.inputRequests ?? {}) : {};
    const canDecline = Object.values(asked).some((r) => r.method === 'elicitation/create');
    out.push({ legId, round: i + 1, canDecline });
  });
  return out;
}

/** The connection fields that shape every request (a connection's settings, working or captured at Connect). */
export interface ConnectionFields {
  url: string;
  protocolVersion: string;
  clientInfo: ClientInfo;
  customHeaders: Record<string, string>;
  /** without "Bearer "; empty = none */
  bearerToken: string;
}

/** The wire context of a connection's settings; the token becomes `Authorization: Bearer …`. */
export function connectionContextOf(settings: ConnectionFields): ConnectionContext {
  const ctx: ConnectionContext = {
    url: settings.url,
    protocolVersion: settings.protocolVersion,
    clientInfo: settings.clientInfo,
    headers: settings.customHeaders,
  };
  if (settings.bearerToken) ctx.authorization = `Bearer ${settings.bearerToken}`;
  return ctx;
}

/** The exact request the conversation's draft would send now; undefined when there is no draft. */
export function composedDraft(conversation: Conversation, ctx: ConnectionContext): ComposedRequest | undefined {
  return conversation.draft ? composeRequest(conversation, conversation.draft, ctx) : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Which parts of a draft differ from what it was made with. */
export function changedParts(d: Draft): Partial<Record<DraftPart, boolean>> {
  const o = d.origin;
  return {
    // answers given through the forms are expected, not edits: only answers typed in the JSON editor count
    answers: o ? Boolean(d.answersByHand) && !same(d.answers, o.answers) : Boolean(d.answersByHand),
    params: o ? !same(d.params, o.params) : false,
    rpcId: o ? d.rpcId !== o.rpcId : false,
    headers: Object.keys(d.extraHeaders).length > 0,
    capabilities: o ? !same(d.capabilities, o.capabilities) : false,
    target: d.target !== undefined,
  };
}

const PART_NAMES: Record<DraftPart, string> = {
  answers: 'answers',
  params: 'params',
  rpcId: 'id',
  headers: 'headers',
  capabilities: 'capabilities',
  requestState: 'requestState',
  body: 'body',
  target: 'server',
};

/** The names the composer shows for the changed parts ("answers", "id", …). */
export function editedPartNames(changed: Partial<Record<DraftPart, boolean>>): string[] {
  return (Object.keys(changed) as DraftPart[]).filter((k) => changed[k]).map((k) => PART_NAMES[k]);
}

export type StatusTone = 'good' | 'info' | 'warn' | 'bad';

/** How a conversation's status badge looks: done, waiting on someone, in flight, or failed. */
export function statusTone(status: ConversationStatus): StatusTone {
  if (status === 'complete') return 'good';
  if (status === 'awaiting-input' || status === 'ready') return 'info';
  if (status === 'in-flight') return 'warn';
  return 'bad';
}
