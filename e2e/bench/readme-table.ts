/**
 * `npx tsx e2e/bench/readme-table.ts [results.json]`: regenerates the results table of e2e/bench/README.md (between
 * the `bench-table` markers) from bench-results/latest.json: the same table `npm run bench` prints (median, min–max,
 * n, budget, status), the machine and its load average, and the notes. Run it after a full `npm run bench`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderTable, type FigureRow, type RunPart } from './report.ts';

export const START = '<!-- bench-table:start -->';
export const END = '<!-- bench-table:end -->';

export interface BenchJson {
  date: string;
  smoke: boolean;
  machine: string;
  seconds: number;
  rows: FigureRow[];
  /** set when partial runs were merged (`--only … --merge`): which run measured which rows */
  parts?: RunPart[];
}

/** The README section for one run: when and where it ran (with the load average), then the table and notes. */
export function resultsSection(json: BenchJson): string {
  const kind = json.smoke ? 'smoke run (small counts)' : 'full run';
  const when = json.date.slice(0, 16).replace('T', ' ');
  if (json.parts && json.parts.length > 1) {
    const runs = json.parts
      .map((p) => `- ${p.date.slice(0, 16).replace('T', ' ')} UTC, ${p.loadAverage}: ${p.ids.join(', ')}`)
      .join('\n');
    return `Generated from \`bench-results/latest.json\` (${kind}s merged with \`--only … --merge\`; the last on ${json.machine}). Rows by run:\n\n${runs}\n\n${renderTable(json.rows)}`;
  }
  return `Generated from \`bench-results/latest.json\` (${kind}, ${when} UTC, ${Math.round(json.seconds)} s) on ${json.machine}:\n\n${renderTable(json.rows)}`;
}

/** `readme` with the text between the markers replaced by `section`; throws when the markers are missing. */
export function replaceBetweenMarkers(readme: string, section: string): string {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`the README has no ${START} … ${END} block`);
  return `${readme.slice(0, a + START.length)}\n\n${section.trim()}\n\n${readme.slice(b)}`;
}

if (process.argv[1]?.endsWith('readme-table.ts')) {
  const root = join(import.meta.dirname, '..', '..');
  const source = process.argv[2] ?? join(root, 'bench-results', 'latest.json');
  const readmePath = join(import.meta.dirname, 'README.md');
  const json = JSON.parse(readFileSync(source, 'utf8')) as BenchJson;
  writeFileSync(readmePath, replaceBetweenMarkers(readFileSync(readmePath, 'utf8'), resultsSection(json)));
  process.stdout.write(`README table regenerated from ${source} (${json.rows.length} rows)\n`);
}
