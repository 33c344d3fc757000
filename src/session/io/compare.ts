import { baseParams } from '../../protocol/retry.ts';
import type { InputResponse } from '../../protocol/types.ts';
import type { Conversation, SessionState } from '../model.ts';
import { compareRounds, parseIgnore, type RoundComparison } from '../flows/compare-legs.ts';
import { runOutcomes } from './compare-runs.ts';
import { importOrigin } from './import-origin.ts';
import { stableJson } from './stable-json.ts';
import { targetOf } from '../selectors.ts';

/** The call a conversation makes, without per-leg fields: two runs of "the same call" share this key. */
// a conversation's params never change once it exists, so its key is computed once per object
const keys = new WeakMap<Conversation, string>();

function callKey(c: Conversation): string {
  let key = keys.get(c);
  if (key === undefined) {
    key = `${c.method} ${stableJson(baseParams(c.params))}`;
    keys.set(c, key);
  }
  return key;
}

/** Other conversations making the same call, when at least one side is a recording (imported). */
export function comparableRuns(session: SessionState, conversationId: string): Conversation[] {
  const c = session.conversations[conversationId];
  if (!c) return [];
  const key = callKey(c);
  const target = targetOf(c);
  // the same method and tool (or uri) first: the key stringifies the arguments, 35 ms over 4,000 conversations
  return session.order
    .map((id) => session.conversations[id])
    .filter(
      (o): o is Conversation =>
        !!o && o.id !== c.id && !o.forkOf && o.method === c.method && targetOf(o) === target && callKey(o) === key,
    )
    .filter((o) => importOrigin(o) !== undefined || importOrigin(c) !== undefined);
}

/** Round-by-round comparison of two runs of the same call: replay's comparison (`compareRounds`), `left` first. */
export function compareRuns(
  session: SessionState,
  leftId: string,
  rightId: string,
  ignore: readonly string[] = [],
): RoundComparison[] {
  return compareRounds(runOutcomes(session, leftId), runOutcomes(session, rightId), parseIgnore(ignore));
}

/**
 * The answers the recording gave at the round the live run is now at, for the keys the live server asks again.
 * Lets a re-run replay a recorded conversation's answers instead of typing them.
 */
export function recordedAnswers(
  session: SessionState,
  recordedId: string,
  liveId: string,
): Record<string, InputResponse> {
  const live = session.conversations[liveId];
  const recorded = session.conversations[recordedId];
  if (!live?.draft || !recorded) return {};
  const round = live.legIds.length; // the draft is the leg after this many
  const answeringLeg = session.legs[recorded.legIds[round] ?? ''];
  const given = answeringLeg?.sent.inputResponses ?? {};
  const out: Record<string, InputResponse> = {};
  for (const key of Object.keys(live.draft.inputRequests)) {
    const answer = given[key];
    if (answer) out[key] = answer;
  }
  return out;
}
