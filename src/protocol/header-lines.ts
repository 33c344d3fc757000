/**
 * The one reader of header lines a person types ("Name: value", one per line): the composer's per-leg headers, the
 * connection's custom headers, a held proxy item's or sign-in step's headers, the command line's `--header`. Strict
 * by RFC 9110: a name is a token, a value has no control characters but tab, a line without a colon is an error
 * that names its line. Blank lines are skipped and a trailing CR is dropped (text pasted from Windows). Pure.
 */

/** The headers, or why not: `line` is the 1-based line at fault. */
export type HeaderLines = { ok: true; headers: [string, string][] } | { ok: false; error: string; line: number };

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// obs-text (0x80-0xFF) is allowed, as fetch's ByteString allows it; nothing below 0x20 but tab, and no DEL
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * Read `text` (or lines already split). `repeats: 'allow'` keeps a header given twice (a held answer's Set-Cookie);
 * by default a second one is an error, since a request sends each header once.
 */
export function parseHeaderLines(text: string | readonly string[], opts: { repeats?: 'allow' } = {}): HeaderLines {
  const lines = typeof text === 'string' ? text.split('\n') : text;
  const headers: [string, string][] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').replace(/\r$/, '');
    if (line.trim() === '') continue;
    const where = `line ${i + 1}`;
    const colon = line.indexOf(':');
    if (colon <= 0)
      return { ok: false, line: i + 1, error: `${where}: expected "Name: value", got "${line.slice(0, 40)}"` };
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!TOKEN.test(name)) return { ok: false, line: i + 1, error: `${where}: "${name}" is not a valid header name` };
    if (BAD_VALUE.test(value)) {
      return {
        ok: false,
        line: i + 1,
        error: `${where}: the value of ${name} has control characters a header cannot carry`,
      };
    }
    const lower = name.toLowerCase();
    if (opts.repeats !== 'allow' && headers.some(([k]) => k.toLowerCase() === lower)) {
      return { ok: false, line: i + 1, error: `${where}: ${name} is given twice` };
    }
    headers.push([name, value]);
  }
  return { ok: true, headers };
}
