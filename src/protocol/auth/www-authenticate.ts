/**
 * `WWW-Authenticate` parsing (RFC 9110 §11.6.1, RFC 6750 §3): the Bearer challenge's auth-params, the parts the MCP
 * authorization flow reads (`resource_metadata`, `scope`, `error`, `error_description`). Pure.
 */
export interface BearerChallenge {
  scheme: string;
  params: Record<string, string>;
  resourceMetadata?: string;
  scope?: string;
  error?: string;
  errorDescription?: string;
}

/** Split a header value into challenges; auth-params are `name=token` or `name="quoted \" string"`. */
export function parseWwwAuthenticate(header: string): BearerChallenge[] {
  const out: BearerChallenge[] = [];
  let i = 0;
  let current: BearerChallenge | undefined;
  const n = header.length;
  const skipWs = () => {
    while (i < n && /[\s,]/.test(header[i] ?? '')) i += 1;
  };
  while (i < n) {
    skipWs();
    const start = i;
    while (i < n && /[!#$%&'*+.^_`|~0-9A-Za-z-]/.test(header[i] ?? '')) i += 1;
    const word = header.slice(start, i);
    if (!word) {
      i += 1;
      continue;
    }
    while (i < n && header[i] === ' ') i += 1;
    if (header[i] === '=' && current) {
      i += 1;
      while (i < n && header[i] === ' ') i += 1;
      let value = '';
      if (header[i] === '"') {
        i += 1;
        while (i < n && header[i] !== '"') {
          if (header[i] === '\\' && i + 1 < n) i += 1;
          value += header[i];
          i += 1;
        }
        i += 1;
      } else {
        const vs = i;
        while (i < n && header[i] !== ',' && header[i] !== ' ') i += 1;
        value = header.slice(vs, i);
      }
      current.params[word.toLowerCase()] = value;
    } else {
      current = { scheme: word, params: {} };
      out.push(current);
    }
  }
  for (const c of out) {
    const p = c.params;
    if (p.resource_metadata !== undefined) c.resourceMetadata = p.resource_metadata;
    if (p.scope !== undefined) c.scope = p.scope;
    if (p.error !== undefined) c.error = p.error;
    if (p.error_description !== undefined) c.errorDescription = p.error_description;
  }
  return out;
}

/** The Bearer challenge of a header, if any (scheme compared case-insensitively). */
export function bearerChallenge(header: string | null | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  return parseWwwAuthenticate(header).find((c) => c.scheme.toLowerCase() === 'bearer');
}

export type ChallengeKind = 'unauthorized' | 'insufficient_scope';

/** What a response asks of the client: sign in (401), step up (403 insufficient_scope), or nothing. */
export function challengeKindOf(status: number, header: string | null | undefined): ChallengeKind | undefined {
  if (status === 401) return 'unauthorized';
  if (status === 403 && bearerChallenge(header)?.error === 'insufficient_scope') return 'insufficient_scope';
  return undefined;
}
