import { baseParams } from '../../protocol/retry.ts';
import type { InputResponse } from '../../protocol/types.ts';
import type { Conversation, Leg, SessionState } from '../model.ts';
import { importOrigin } from './session-file.ts';

function stable(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The call a conversation makes, without per-leg fields: two runs of "the same call" share this key. */
// a conversation's params never change once it exists, so its key is computed once per object
const keys = new WeakMap<Conversation, string>();

export function callKey(c: Conversation): string {
  let key = keys.get(c);
  if (key === undefined) {
    key = `${c.method} ${stable(baseParams(c.params))}`;
    keys.set(c, key);
  }
  return key;
}

/** Other conversations making the same call, when at least one side is a recording (imported). */
export function comparableRuns(session: SessionState, conversationId: string): Conversation[] {
  const c = session.conversations[conversationId];
  if (!c) return [];
  const key = callKey(c);
  return session.order
    .map((id) => session.conversations[id])
    .filter((o): o is Conversation => !!o && o.id !== c.id && !o.forkOf && callKey(o) === key)
    .filter((o) => importOrigin(o) !== undefined || importOrigin(c) !== undefined);
}

export interface LegSummary {
  outcome: Leg['outcome']['kind'];
  /** "input_required: region", "complete: Provisioned orders…", "error -32602: …" */
  summary: string;
  asked: string[];
  answered: string[];
  httpStatus?: number;
}

function firstText(result: Record<string, unknown>): string | undefined {
  const content = result.content;
  if (!Array.isArray(content)) return undefined;
  const block = content.find((b) => typeof b === 'object' && b !== null && (b as { type?: unknown }).type === 'text');
  const text = (block as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' ? text : undefined;
}

export function summariseLeg(leg: Leg): LegSummary {
  const o = leg.outcome;
  const out: LegSummary = { outcome: o.kind, summary: o.kind, asked: [], answered: leg.sent.answeredKeys };
  if (leg.exchange.response) out.httpStatus = leg.exchange.response.status;
  switch (o.kind) {
    case 'input_required':
      out.asked = Object.keys(o.inputRequests ?? {});
      out.summary = o.stateOnly
        ? 'input_required: state only (come back later)'
        : `input_required: ${out.asked.join(', ')}`;
      break;
    case 'complete': {
      const text = firstText(o.result);
      out.summary = `complete${o.result.isError === true ? ' (isError)' : ''}${text ? `: ${text}` : ''}`;
      break;
    }
    case 'error':
      out.summary = `error ${o.error.code}: ${o.error.message}`;
      break;
    case 'task':
      out.summary = `task ${o.task.status}${o.task.statusMessage ? `: ${o.task.statusMessage}` : ''}`;
      break;
    default:
      out.summary = `${o.kind}: ${o.reason}`;
  }
  return out;
}

export interface CompareRow {
  round: number;
  left?: LegSummary;
  right?: LegSummary;
  same: boolean;
}

/** Round-by-round comparison of two runs of the same call. */
export function compareRuns(session: SessionState, leftId: string, rightId: string): CompareRow[] {
  const legsOf = (id: string) =>
    (session.conversations[id]?.legIds ?? []).map((l) => session.legs[l]).filter((l): l is Leg => !!l);
  const left = legsOf(leftId);
  const right = legsOf(rightId);
  const rows: CompareRow[] = [];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const l = left[i] && summariseLeg(left[i]!);
    const r = right[i] && summariseLeg(right[i]!);
    const row: CompareRow = { round: i + 1, same: !!l && !!r && l.summary === r.summary };
    if (l) row.left = l;
    if (r) row.right = r;
    rows.push(row);
  }
  return rows;
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
