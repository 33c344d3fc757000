/** The custom-headers textarea: one `Name: value` per line. */
import { parseHeaderLines } from '../../protocol/header-lines.ts';
import { isManagedHeader } from '../../protocol/headers.ts';

/** Headers a browser will not let a page set (fetch drops or refuses them). */
const FORBIDDEN = new Set(['host', 'origin', 'referer', 'cookie', 'content-length', 'connection', 'keep-alive']);

export function formatHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

/** Parsed headers, or a message naming the first bad line. */
export function parseHeaders(text: string): Record<string, string> | string {
  const read = parseHeaderLines(text);
  // the reason without the bad line's text, which the field shows beside it
  if (!read.ok) return capitalised(read.error.replace(/, got ".*"$/, ''));
  const out: Record<string, string> = {};
  const lineOf = (name: string) => text.split('\n').findIndex((l) => l.slice(0, l.indexOf(':')).trim() === name) + 1;
  for (const [name, value] of read.headers) {
    const where = `Line ${lineOf(name)}`;
    const lower = name.toLowerCase();
    if (FORBIDDEN.has(lower)) return `${where}: browsers do not let a page set ${name}`;
    if (lower === 'authorization') return `${where}: use the Bearer token field for Authorization`;
    if (isManagedHeader(lower)) return `${where}: ${name} is set from the request itself`;
    if (/[^\x20-\x7e\t]/.test(value)) return `${where}: the value of ${name} must be plain ASCII`;
    out[name] = value;
  }
  return out;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
