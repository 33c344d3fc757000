/** Filter and search over timeline rows: by method, tool, outcome, error code / HTTP status, and free text. */
import type { OutcomeKind } from '../../protocol/classify.ts';
import type { Exchange } from '../../protocol/exchange.ts';
import type { SessionState } from '../model.ts';
import { rowWithLegs } from './timeline-conversation-row.ts';
import type { ConversationRow, LegRow } from './timeline-rows.ts';

export interface TimelineFilter {
  /** exact method, '' = any */
  method: string;
  /** exact tool name / resource uri, '' = any */
  tool: string;
  /** outcome kind, or 'lint' for legs with lint findings; '' = any */
  status: OutcomeKind | 'lint' | '';
  /** a JSON-RPC error code (-32602) or an HTTP status (400); '' = any */
  code: string;
  /** case-insensitive text in the target, keys, rule ids, request or response body; '' = any */
  text: string;
}

export const emptyFilter: TimelineFilter = { method: '', tool: '', status: '', code: '', text: '' };

function isFilterActive(filter: TimelineFilter): boolean {
  return Boolean(filter.method || filter.tool || filter.status || filter.code.trim() || filter.text.trim());
}

/** Options for the filter menus: the methods and tools present in the session. */
export function filterOptions(rows: readonly ConversationRow[]): { methods: string[]; tools: string[] } {
  const methods = new Set<string>();
  const tools = new Set<string>();
  for (const row of rows) {
    methods.add(row.method);
    if (row.target) tools.add(row.target);
  }
  return { methods: [...methods].sort(), tools: [...tools].sort() };
}

function codeMatches(leg: LegRow, code: string): boolean {
  const n = Number(code);
  if (!Number.isFinite(n)) return false;
  return leg.errorCode === n || leg.httpStatus === n;
}

function textMatches(state: SessionState, row: ConversationRow, leg: LegRow, needle: string): boolean {
  const fields = [row.title, leg.target, leg.method, ...leg.asked, ...leg.answered, ...leg.lintRules];
  if (leg.instance) fields.push(leg.instance);
  if (fields.some((f) => f.toLowerCase().includes(needle))) return true;
  const exchange = state.legs[leg.legId]?.exchange;
  if (!exchange) return false;
  let haystack = bodyText.get(exchange);
  if (haystack === undefined) {
    haystack = `${exchange.request.body}\n${exchange.response?.body ?? ''}`.toLowerCase();
    bodyText.set(exchange, haystack);
  }
  return haystack.includes(needle);
}

/** Lower-cased request + response bodies per exchange (recorded exchanges never change), so typing stays fast. */
const bodyText = new WeakMap<Exchange, string>();

function legMatches(state: SessionState, row: ConversationRow, leg: LegRow, f: TimelineFilter, needle: string) {
  if (f.status === 'lint') {
    if (leg.lint.error + leg.lint.warning + leg.lint.info === 0) return false;
  } else if (f.status && leg.outcome !== f.status) return false;
  if (f.code.trim() && !codeMatches(leg, f.code.trim())) return false;
  return needle === '' || textMatches(state, row, leg, needle);
}

/**
 * Rows whose legs match; a conversation with no matching leg is dropped, a matching one keeps only its matching
 * legs. Returns `rows` itself when no filter is active.
 */
export function filterRows(
  state: SessionState,
  rows: readonly ConversationRow[],
  filter: TimelineFilter,
): readonly ConversationRow[] {
  if (!isFilterActive(filter)) return rows;
  const needle = filter.text.trim().toLowerCase();
  const out: ConversationRow[] = [];
  for (const row of rows) {
    if (filter.method && row.method !== filter.method) continue;
    if (filter.tool && row.target !== filter.tool) continue;
    const legs = row.legs.filter((leg) => legMatches(state, row, leg, filter, needle));
    if (legs.length) out.push(rowWithLegs(row, legs));
  }
  return out;
}
