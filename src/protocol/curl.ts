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
  /**
   * pipe the body in with the shell's builtin `printf` and `--data-binary @-` instead of `--data-raw <body>`.
   * Default: for bodies over STDIN_BODY_BYTES (UTF-8). Linux refuses to start a program with one argument over 128 KiB
   * ("Argument list too long"), and a leg carrying a large requestState easily has such a body; a builtin is not
   * started with exec, so its arguments have no such limit. `printf '%s'` writes the bytes exactly (a heredoc would
   * add a newline).
   */
  bodyViaStdin?: boolean;
}

/** Bodies longer than this many UTF-8 bytes are piped in (see `CurlOptions.bodyViaStdin`). */
export const STDIN_BODY_BYTES = 64 * 1024;

/** UTF-8 length without encoding (bodies can be megabytes). */
function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      n += 4; // a surrogate pair is one 4-byte character
      i += 1;
    } else n += 3;
  }
  return n;
}

/** Whether `toCurl` pipes this request's body in (see `CurlOptions.bodyViaStdin`). */
export function curlPipesBody(request: RecordedRequest, opts: CurlOptions = {}): boolean {
  return opts.bodyViaStdin ?? utf8Bytes(request.body) > STDIN_BODY_BYTES;
}

/** `curl` command reproducing the request; `-sS` keeps progress off stdout so the response can be piped. */
export function toCurl(request: RecordedRequest, opts: CurlOptions = {}): string {
  const viaStdin = curlPipesBody(request, opts);
  const head = ['curl', '-sS', '-X', request.method, shellQuote(request.url)].join(' ');
  const flags: string[] = request.headers.map(([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`);
  flags.push(viaStdin ? '--data-binary @-' : `--data-raw ${shellQuote(request.body)}`);
  const pipe = viaStdin ? `printf '%s' ${shellQuote(request.body)} | ` : '';
  if (opts.multiline === false) return `${pipe}${[head, ...flags].join(' ')}`;
  // keep each flag with its value on one line; the piped body gets a line of its own
  const command = [head, ...flags.map((f) => `  ${f}`)].join(' \\\n');
  return viaStdin ? `${pipe}\\\n${command}` : command;
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
