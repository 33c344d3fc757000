import type { HeaderList } from '../../protocol/exchange.ts';
import type { Conversation, Leg, SessionState } from '../model.ts';

export const REDACTED = '[redacted]';

/** Header names whose values are credentials. */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
  'x-access-token',
  'x-csrf-token',
  'x-xsrf-token',
]);
/** Other header names that look like they carry secrets. */
const SECRET_NAME = /(token|secret|password|api[-_]?key|session|credential)/i;
/** URL query parameters that carry credentials. */
const SECRET_QUERY = /^(access_token|token|api[-_]?key|key|secret|password|auth|code|sig|signature)$/i;

export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_HEADERS.has(lower) || SECRET_NAME.test(lower);
}

/** Keep the auth scheme so a reader still sees "Bearer" was used. */
export function redactHeaderValue(name: string, value: string): string {
  if (!isSecretHeader(name)) return value;
  const scheme = /^(Bearer|Basic|Digest|Token)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

/** The headers with secret values replaced; the same array when nothing is secret (no copy). */
export function redactHeaders(headers: HeaderList): HeaderList {
  if (!headers.some(([name]) => isSecretHeader(name))) return headers;
  return headers.map(([name, value]) => [name, redactHeaderValue(name, value)]);
}

export function redactHeaderRecord(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = redactHeaderValue(name, value);
  return out;
}

export function redactUrl(url: string): string {
  // credentials live in the userinfo (before an '@') or the query: most URLs have neither, and need no parse
  if (!url.includes('@') && !url.includes('?')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  if (parsed.password) {
    parsed.password = REDACTED;
    changed = true;
  }
  for (const key of [...parsed.searchParams.keys()]) {
    if (SECRET_QUERY.test(key)) {
      parsed.searchParams.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? parsed.toString() : url;
}

/** The leg with credentials redacted; the same object when it has none (autosave redacts every leg it writes). */
export function redactLeg(leg: Leg): Leg {
  const { exchange } = leg;
  const url = redactUrl(exchange.request.url);
  const requestHeaders = redactHeaders(exchange.request.headers);
  const responseHeaders = exchange.response && redactHeaders(exchange.response.headers);
  if (
    url === exchange.request.url &&
    requestHeaders === exchange.request.headers &&
    responseHeaders === exchange.response?.headers
  ) {
    return leg;
  }
  const next: Leg = {
    ...leg,
    exchange: { ...exchange, request: { ...exchange.request, url, headers: requestHeaders } },
  };
  if (exchange.response && responseHeaders) next.exchange.response = { ...exchange.response, headers: responseHeaders };
  return next;
}

/** The conversation with credentials redacted (server URL, draft headers). */
export function redactConversation(c: Conversation): Conversation {
  const next: Conversation = { ...c, serverUrl: redactUrl(c.serverUrl) };
  if (c.draft) next.draft = { ...c.draft, extraHeaders: redactHeaderRecord(c.draft.extraHeaders) };
  return next;
}

/**
 * A copy of the session with credentials replaced by "[redacted]": Authorization / Cookie / API-key style headers in
 * every recorded request and response and in drafts, and credentials in URLs. Bodies are left alone (they are the
 * protocol under inspection; MCP carries no credentials in JSON-RPC bodies).
 */
export function redactSession(session: SessionState): SessionState {
  const legs: SessionState['legs'] = {};
  for (const [id, leg] of Object.entries(session.legs)) legs[id] = redactLeg(leg);
  const conversations: SessionState['conversations'] = {};
  for (const [id, c] of Object.entries(session.conversations)) conversations[id] = redactConversation(c);
  return { ...session, legs, conversations };
}

/** Whether anything in the session would be redacted: lets the UI say "this export contains a token". */
export function containsSecrets(session: SessionState): boolean {
  return JSON.stringify(redactSession(session)) !== JSON.stringify(session);
}
