/**
 * Copy a recorded leg as a shell command or a `fetch` call: every header as sent, the body byte for byte.
 * Pure string building; nothing here runs anything.
 */
import type { RecordedRequest } from './exchange.ts';

/** Quote for POSIX shells: single quotes, with each `'` written as `'\''`. Safe for any byte but NUL. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export interface CurlOptions {
  /** one argument per line with `\` continuations (default true) */
  multiline?: boolean;
}

/** `curl` command reproducing the request; `-sS` keeps progress off stdout so the response can be piped. */
export function toCurl(request: RecordedRequest, opts: CurlOptions = {}): string {
  const parts = ['curl', '-sS', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of request.headers) parts.push('-H', shellQuote(`${name}: ${value}`));
  parts.push('--data-raw', shellQuote(request.body));
  if (opts.multiline === false) return parts.join(' ');
  // keep each flag with its value on one line
  const lines: string[] = [parts.slice(0, 5).join(' ')];
  for (let i = 5; i < parts.length; i += 2) lines.push(`  ${parts[i]} ${parts[i + 1]}`);
  return lines.join(' \\\n');
}

/** A `fetch` call reproducing the request (strings JSON-escaped, so it pastes into any JS console). */
export function toFetch(request: RecordedRequest): string {
  const headers = request.headers.map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)},`).join('\n');
  return [
    `await fetch(${JSON.stringify(request.url)}, {`,
    `  method: ${JSON.stringify(request.method)},`,
    '  headers: {',
    headers,
    '  },',
    `  body: ${JSON.stringify(request.body)},`,
    '});',
  ].join('\n');
}
