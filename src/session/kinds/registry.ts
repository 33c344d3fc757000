/**
 * Every kind of conversation, by its id: the one place that knows them all. The core (compose, the reducer, the
 * selectors, the session slice) asks `kindOf(conversation)` and names no kind. A kind's wire code (what sends its
 * legs) loads when its first leg is sent; its pure code here is small.
 */
import type { Conversation, KindId, SessionState } from '../model.ts';
import { callKind } from './call/call-kind.ts';
import type { ConversationKind } from './kind.ts';
import { legacyCallKind } from './legacy-call/legacy-call-kind.ts';
import { legacyTaskKind } from './legacy-task/legacy-task-kind.ts';
import { pushedRequestKind } from './pushed-request/pushed-request-kind.ts';
import { taskKind } from './task/task-kind.ts';
import { WATCHED_TRAFFIC, watchedCallKind, watchedTrafficKind } from './watched/watched-kind.ts';

const KINDS: Record<KindId, ConversationKind> = {
  call: callKind,
  task: taskKind,
  'legacy-call': legacyCallKind,
  'legacy-task': legacyTaskKind,
  'pushed-request': pushedRequestKind,
  'watched-call': watchedCallKind,
  'watched-traffic': watchedTrafficKind,
};

/** The module of a conversation's kind. */
export function kindOf(conversation: Pick<Conversation, 'kind'>): ConversationKind {
  return Object.hasOwn(KINDS, conversation.kind) ? KINDS[conversation.kind] : callKind;
}

/**
 * The kind of a conversation saved before conversations had one, read from what it holds: who sent it, whether it
 * follows a task, whether its legs went over a session.
 */
function kindFromFields(state: SessionState, c: Conversation): KindId {
  if (c.watched) return c.method === WATCHED_TRAFFIC ? 'watched-traffic' : 'watched-call';
  if (c.task) return c.task.era ? 'legacy-task' : 'task';
  const legs = c.legIds.map((id) => state.legs[id]);
  if (legs[0]?.pushed?.onSession) return 'pushed-request';
  const overSession = legs.some(
    (l) => l?.pushed || l?.exchange.request.headers.some(([name]) => name.toLowerCase() === 'mcp-session-id'),
  );
  return overSession ? 'legacy-call' : 'call';
}

/** The state with every conversation's kind set (a session saved or exported before kinds existed). */
export function withKinds(state: SessionState): SessionState {
  let changed = false;
  const conversations: SessionState['conversations'] = {};
  for (const [id, c] of Object.entries(state.conversations)) {
    if (Object.hasOwn(KINDS, c.kind)) conversations[id] = c;
    else {
      changed = true;
      conversations[id] = { ...c, kind: kindFromFields(state, c) };
    }
  }
  return changed ? { ...state, conversations } : state;
}
