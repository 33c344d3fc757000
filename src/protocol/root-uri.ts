/**
 * Checks the URIs a client is about to disclose as roots (`ListRootsResult.roots[].uri`). The spec: a root's `uri`
 * is a URI and, in the current revision, MUST be a `file://` URI (the SDKs refuse other schemes). Both a text that is
 * not a URI and a URI of another scheme are errors: refused by default, sent only with the explicit override.
 */

type RootUriLevel = 'error' | 'warning';

export interface RootUriFinding {
  /** the position in the list checked, from 0 */
  index: number;
  uri: string;
  level: RootUriLevel;
  /** one sentence naming the root by its 1-based number, e.g. `Root 2 is not a URI: "not a uri"` */
  message: string;
}

/** RFC 3986 scheme: a letter, then letters, digits, `+`, `-`, `.`, then `:` */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** printable characters a URI never holds unencoded (RFC 3986 §2: outside the reserved and unreserved sets) */
const FORBIDDEN = new Set([...'"<>\\^`{|}']);

/** The first character of `uri` that must be percent-encoded (white space, a control character, `"<>\^`{|}`). */
function firstForbidden(uri: string): string | undefined {
  for (const ch of uri) {
    const code = ch.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || /\s/u.test(ch) || FORBIDDEN.has(ch)) return ch;
  }
  return undefined;
}

/** Why `uri` is not a URI (a short clause for after the colon), or undefined when it is one. */
export function notAUriReason(uri: string): string | undefined {
  if (/^[A-Za-z]:[\\/]/.test(uri)) return 'a Windows path; write it as file:///C:/…';
  if (uri.startsWith('/') || uri.startsWith('~')) return 'a path, not a URI; write it as file:///…';
  if (!SCHEME.test(uri)) return 'it has no scheme, such as file://';
  const ch = firstForbidden(uri);
  if (ch !== undefined) {
    const what = ch === ' ' ? 'a space' : /\s/.test(ch) ? 'white space' : `the character ${JSON.stringify(ch)}`;
    const code = ch.codePointAt(0) ?? 0;
    const encoded =
      code < 0x80 ? `as %${code.toString(16).toUpperCase().padStart(2, '0')}` : 'as its UTF-8 bytes (%XX each)';
    return `it contains ${what}; percent-encode it ${encoded}`;
  }
  if (/%(?![0-9A-Fa-f]{2})/.test(uri)) return 'a % is not followed by two hex digits';
  return undefined;
}

/** The finding for one root URI (surrounding blanks ignored), or undefined when it is a `file://` URI. */
export function checkRootUri(uri: string, index: number): RootUriFinding | undefined {
  const text = uri.trim();
  const n = index + 1;
  const reason = notAUriReason(text);
  if (reason !== undefined) {
    return { index, uri, level: 'error', message: `Root ${n} is not a URI: ${JSON.stringify(text)} (${reason}).` };
  }
  if (!/^file:\/\//i.test(text)) {
    const scheme = SCHEME.exec(text)?.[1]?.toLowerCase() ?? '';
    return {
      index,
      uri,
      level: 'error',
      message: `Root ${n} is a ${scheme}: URI, not file://. Roots must be file:// URIs (client/roots; the SDKs refuse others).`,
    };
  }
  return undefined;
}

/** Findings for a list of root URIs, in order; blank entries are skipped (they are left out of the answer). */
export function checkRootUris(uris: readonly string[]): RootUriFinding[] {
  const out: RootUriFinding[] = [];
  uris.forEach((uri, i) => {
    if (uri.trim() === '') return;
    const finding = checkRootUri(uri, i);
    if (finding) out.push(finding);
  });
  return out;
}
