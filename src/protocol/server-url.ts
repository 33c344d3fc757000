/**
 * The Server URL a user typed, checked before anything is sent. PURE. A streamable HTTP MCP endpoint is an absolute
 * http:// or https:// URL with a host; anything else (a relative path, `ftp://`, `javascript:`, an empty field) would
 * otherwise be fetched against the inspector's own origin or refused by the browser with a confusing error.
 */

export type ServerUrlCheck = { ok: true; url: string } | { ok: false; message: string };

const MAX_SHOWN = 80;

function shown(input: string): string {
  const flat = input.replace(/\s+/g, ' ');
  return flat.length > MAX_SHOWN ? `${flat.slice(0, MAX_SHOWN)}…` : flat;
}

function refuse(input: string): ServerUrlCheck {
  const got = input === '' ? 'the field is empty' : `got "${shown(input)}"`;
  return { ok: false, message: `Server URL must be an absolute http:// or https:// URL (${got}).` };
}

/**
 * Check a Server URL: surrounding whitespace is ignored; the result's `url` is the trimmed text as typed (not
 * normalised, so what is sent is what the user sees). Refused: empty, no `http://` / `https://` prefix, no host, or
 * not parseable as a URL (e.g. spaces inside).
 */
export function checkServerUrl(input: string): ServerUrlCheck {
  const text = input.trim();
  if (!/^https?:\/\//i.test(text)) return refuse(text);
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return refuse(text);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return refuse(text);
  if (!parsed.hostname) return refuse(text);
  return { ok: true, url: text };
}

/** scheme://host:port of a server URL, for "Asked by … at …" (the URL itself when it does not parse) */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
