import { plural } from '../../lib/text.ts';
import type { LintCounts } from '../../protocol/lint/lint-types.ts';
import type { ConversationRow, LegRow } from '../../session/timeline/timeline-rows.ts';

export function ms(n: number | undefined): string {
  if (n === undefined) return '';
  return n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`;
}

/** "1 error, 2 warnings" or '' when clean. */
export function lintText(c: LintCounts): string {
  const parts: string[] = [];
  if (c.error) parts.push(plural(c.error, 'error'));
  if (c.warning) parts.push(plural(c.warning, 'warning'));
  if (c.info) parts.push(`${c.info} info`);
  return parts.join(', ');
}

export function outcomeText(row: LegRow): string {
  switch (row.outcome) {
    case 'input_required':
      return row.stateOnly ? 'input_required (state only)' : 'input_required';
    case 'error':
      return `error ${row.errorCode ?? ''}`.trim();
    case 'invalid':
      return 'invalid response';
    case 'transport':
      return 'no response';
    case 'complete':
      return row.accepted === 'notification' ? 'accepted' : (row.accepted ?? 'complete');
    case 'task':
      return `task ${row.taskStatus ?? ''}${row.pollCount ? ` (${row.pollCount} polls)` : ''}`.trim();
  }
}

/** The ISO form of a ms epoch for `<time dateTime>`; undefined when it is no valid date. */
export function isoTime(epochMs: number): string | undefined {
  const d = new Date(epochMs);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/**
 * Rounds of questions and legs, counted apart ("3 rounds · 4 legs"), as a server describes its call: a round is a leg
 * the server answered with input_required; a call that asked nothing says only its legs ("1 leg").
 */
export function countsText(row: Pick<ConversationRow, 'rounds' | 'legCount'>): string {
  const legs = `${row.legCount} leg${row.legCount === 1 ? '' : 's'}`;
  return row.rounds > 0 ? `${row.rounds} round${row.rounds === 1 ? '' : 's'} · ${legs}` : legs;
}

/**
 * The second line of a leg row as one string ("asks region · state 120 B (new) · instance main · think 2.40 s"):
 * what it asked and answered, its requestState's size, the mock instance, the relay and the think time before it.
 */
export function legDetailsText(row: LegRow): string {
  const parts: string[] = [];
  if (row.asked.length > 0) parts.push(`asks ${row.asked.join(', ')}`);
  if (row.answered.length > 0)
    parts.push(`answers ${row.answered.join(', ')}${row.answerUndelivered ? ' (not delivered)' : ''}`);
  // an answer whose body says nothing readable (edited by hand to break it) still went out, and did not arrive
  else if (row.answerUndelivered) parts.push('answer not delivered');
  if (row.stateSize !== undefined) parts.push(`state ${row.stateSize} B ${row.stateChanged ? '(new)' : '(same)'}`);
  if (row.instance) parts.push(`instance ${row.instance}`);
  if (row.viaRelay) parts.push('relay');
  if (row.thinkMs !== undefined) parts.push(`think ${ms(row.thinkMs)}`);
  return parts.join(' · ');
}
