/**
 * "Compare runs": the runs a user can line up (every conversation of the session, or every recorded conversation of
 * an imported session file / HAR) and their round-by-round comparison. The comparison itself is replay's
 * (`flows/compare-legs.ts`, `compareRounds`): the same facts, the same ignore paths, the same differences. Pure.
 */
import type { Outcome } from '../../protocol/classify.ts';
import { compareRounds, parseIgnore, type RoundComparison } from '../flows/compare-legs.ts';
import type { SessionState } from '../model.ts';
import type { Recording } from './recordings.ts';
import { importOrigin } from './import-origin.ts';

export interface RunChoice {
  /** unique among the choices: `session:<conversation id>` or `file:<n>` */
  id: string;
  /** what the picker shows: title, where it comes from, how many rounds */
  label: string;
  method: string;
  /** the call's name (tool, prompt) or URI, for spotting runs of the same call */
  name: string;
  outcomes: Outcome[];
}

function nameOf(params: Record<string, unknown>): string {
  return typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : '';
}

function rounds(n: number): string {
  return `${n} round${n === 1 ? '' : 's'}`;
}

/** The outcomes of a conversation's legs, in order (a fork includes the legs it shares with its parent). */
export function runOutcomes(session: SessionState, conversationId: string): Outcome[] {
  const c = session.conversations[conversationId];
  return (c?.legIds ?? []).flatMap((l) => (session.legs[l] ? [session.legs[l].outcome] : []));
}

/** Every conversation of the session that sent at least one leg, in session order. */
export function sessionRuns(session: SessionState): RunChoice[] {
  const out: RunChoice[] = [];
  session.order.forEach((id, i) => {
    const c = session.conversations[id];
    if (!c || !c.legIds.length) return;
    const outcomes = runOutcomes(session, id);
    const kind = importOrigin(c) ? 'recorded' : c.tamper ? 'tamper fork' : c.forkOf ? 'fork' : 'live';
    out.push({
      id: `session:${id}`,
      label: `#${i + 1} ${c.title} (${kind}, ${rounds(outcomes.length)})`,
      method: c.method,
      name: nameOf(c.params),
      outcomes,
    });
  });
  return out;
}

/** The recorded conversations of an imported session file or HAR (read by `parseRecordingFile`). */
export function fileRuns(recordings: readonly Recording[], fileName: string): RunChoice[] {
  return recordings.map((r, i) => ({
    id: `file:${i}`,
    label: `${r.title} (from ${fileName}, ${rounds(r.legs.length)})`,
    method: r.method,
    name: nameOf(r.params),
    outcomes: r.legs.map((l) => l.outcome),
  }));
}

export interface RunsComparison {
  rounds: RoundComparison[];
  same: boolean;
  /** set when the two runs are not runs of the same call (still compared, but worth saying) */
  warning?: string;
}

/** Replay's round-by-round comparison of run `a` (the "recorded" side) against run `b`. */
export function compareChoices(a: RunChoice, b: RunChoice, ignore: readonly string[] = []): RunsComparison {
  const rounds = compareRounds(a.outcomes, b.outcomes, parseIgnore(ignore));
  const out: RunsComparison = { rounds, same: rounds.every((r) => r.differences.length === 0) };
  if (a.method !== b.method || a.name !== b.name) {
    out.warning = `These are different calls (${a.method} ${a.name || '?'} and ${b.method} ${b.name || '?'}): expect them to differ.`;
  }
  return out;
}

/** A list typed as text (`content.0.text, inputRequests.*.params.url`, or one URL a line) -> its items; blanks dropped. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
}
