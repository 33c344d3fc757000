import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fmt, type Summary } from './stats.ts';

type Status = 'PASS' | 'FAIL' | 'REPORT' | 'NOT MEASURED';

/** One row of the table: a measured figure, or an honest "not measured" with the reason. */
export interface FigureRow {
  id: string;
  figure: string;
  unit: string;
  summary?: Summary;
  /** e.g. "<= 500 ms"; absent for report-only rows */
  budget?: string;
  status: Status;
  /** what was measured, how, and anything a reader must know (or why it was not measured) */
  note?: string;
  details?: Record<string, unknown>;
}

/** Build a row and decide PASS/FAIL against `limit` (by default the median must be <= limit.value). */
export function row(
  base: Omit<FigureRow, 'status' | 'budget'>,
  limit?: { value: number; text: string; direction?: 'max' | 'min'; on?: 'median' | 'worst' },
): FigureRow {
  if (!base.summary) return { ...base, status: 'NOT MEASURED' };
  if (!limit) return { ...base, status: 'REPORT' };
  const upper = (limit.direction ?? 'max') === 'max';
  // 'worst': every run must meet the budget (e.g. "no frame over 50 ms"), not just the median
  const v = limit.on === 'worst' ? (upper ? base.summary.max : base.summary.min) : base.summary.median;
  const ok = upper ? v <= limit.value : v >= limit.value;
  return { ...base, budget: limit.text, status: ok ? 'PASS' : 'FAIL' };
}

export function notMeasured(id: string, figure: string, why: string, budget?: string): FigureRow {
  const r: FigureRow = { id, figure, unit: '', status: 'NOT MEASURED', note: `not measured: ${why}` };
  if (budget) r.budget = budget;
  return r;
}

function cell(r: FigureRow): string {
  if (!r.summary) return '-';
  const { median, min, max, runs } = r.summary;
  return `${fmt(median)} ${r.unit} (${fmt(min)}–${fmt(max)}, n=${runs})`;
}

/** A plain-text table for stdout (also valid Markdown). */
export function renderTable(rows: readonly FigureRow[]): string {
  const head = ['figure', 'median (min–max, runs)', 'budget', 'status'];
  const body = rows.map((r) => [r.figure, cell(r), r.budget ?? 'report', r.status]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const notes = rows
    .filter((r) => r.note)
    .map((r) => `- ${r.figure}: ${r.note}`)
    .join('\n');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line), '', notes].join('\n');
}

export function writeJson(path: string, data: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
}

export interface RunPart {
  date: string;
  loadAverage: string;
  ids: string[];
}

/**
 * `--merge`: the rows of a partial run (`--only`) replace the rows with the same id in the previous results and the
 * rest are kept in their order, new ids appended; `parts` says which run measured which rows.
 */
export function mergeRows(
  previous: { rows: FigureRow[]; parts?: RunPart[] },
  fresh: FigureRow[],
  part: RunPart,
  /** the figure groups run now (`--only`): an earlier crash row of a group carries the group's id and goes */
  groups: string[] = [],
): { rows: FigureRow[]; parts: RunPart[] } {
  const byId = new Map(fresh.map((r) => [r.id, r]));
  const stale = new Set(groups.filter((g) => !byId.has(g)));
  const rows = previous.rows.filter((r) => !stale.has(r.id)).map((r) => byId.get(r.id) ?? r);
  const known = new Set(previous.rows.map((r) => r.id));
  rows.push(...fresh.filter((r) => !known.has(r.id)));
  const freshIds = new Set(fresh.map((r) => r.id));
  const parts = (previous.parts ?? [])
    .map((p) => ({ ...p, ids: p.ids.filter((id) => !freshIds.has(id) && !stale.has(id)) }))
    .filter((p) => p.ids.length > 0);
  return { rows, parts: [...parts, part] };
}
