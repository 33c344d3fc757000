import type { HeaderList } from '../../protocol/exchange.ts';
import { TAP_TARGET_PREFIX } from '../../protocol/proxy-wire.ts';
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
/**
 * Request headers the protocol itself sets, whose values are the request's own data (no credentials). Every other
 * request header is a custom one: its value is a secret unless the user marked it "not secret".
 */
const PROTOCOL_HEADERS = new Set([
  'accept',
  'accept-language',
  'content-type',
  'cache-control',
  'last-event-id',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'user-agent',
]);

/**
 * Names the user marked "not secret" in the connection settings: header names lower-cased (`x-trace-id`), query
 * parameter names with a leading `?` (`?region`). Undefined or empty: nothing is marked.
 */
export type NotSecret = readonly string[] | undefined;

/** The query-parameter entry of a `NotSecret` list. */
function queryName(param: string): string {
  return `?${param}`;
}

function marked(notSecret: NotSecret, name: string): boolean {
  return notSecret !== undefined && notSecret.includes(name);
}

/**
 * A header's value is secret when its name says so (`Authorization`, `Cookie`, `Set-Cookie`, `*-Token`,
 * `*-Api-Key`...): the one rule every view of a header masks by (`redactHeaderValue`). What is saved masks request
 * headers by the stricter `isSecretRequestHeader`, so nothing masked on screen is ever saved in clear.
 */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_HEADERS.has(lower) || SECRET_NAME.test(lower);
}

/**
 * A request header's value is secret unless it is one the protocol sets (`Mcp-Method`, `Accept`...), an
 * `Mcp-Param-*` mirror of an argument, or a custom header the user marked "not secret". Names cannot tell a key
 * from an id (`Ocp-Apim-Subscription-Key`, `X-Goog-Api-Key`, `DD-API-KEY`...), so nothing custom is guessed safe.
 * Authorization, cookies and secret-named headers stay secret even when marked.
 */
export function isSecretRequestHeader(name: string, notSecret?: NotSecret): boolean {
  const lower = name.toLowerCase();
  if (isSecretHeader(lower)) return true;
  if (PROTOCOL_HEADERS.has(lower) || lower.startsWith('mcp-param-')) return false;
  return !marked(notSecret, lower);
}

function redactValue(value: string): string {
  const scheme = /^(Bearer|Basic|Digest|Token)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

/** A request header's value, redacted when `isSecretRequestHeader` says so. */
export function redactRequestHeaderValue(name: string, value: string, notSecret?: NotSecret): string {
  return isSecretRequestHeader(name, notSecret) ? redactValue(value) : value;
}

/** Keep the auth scheme so a reader still sees "Bearer" was used. */
export function redactHeaderValue(name: string, value: string): string {
  if (!isSecretHeader(name)) return value;
  const scheme = /^(Bearer|Basic|Digest|Token)\s+/i.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

/** Response headers with secret values replaced; the same array when nothing is secret (no copy). */
export function redactHeaders(headers: HeaderList): HeaderList {
  if (!headers.some(([name]) => isSecretHeader(name))) return headers;
  return headers.map(([name, value]) => [name, redactHeaderValue(name, value)]);
}

/** Request headers with secret values replaced; the same array when nothing is secret (no copy). */
function redactRequestHeaders(headers: HeaderList, notSecret?: NotSecret): HeaderList {
  if (!headers.some(([name]) => isSecretRequestHeader(name, notSecret))) return headers;
  return headers.map(([name, value]) => [name, redactRequestHeaderValue(name, value, notSecret)]);
}

function redactHeaderRecord(headers: Record<string, string>, notSecret?: NotSecret): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = redactRequestHeaderValue(name, value, notSecret);
  return out;
}

/**
 * The URL with its password and every query value replaced, except the values of parameters the user marked "not
 * secret" (`?region`): a key in a query string (`?key=`, `?subscription-key=`, `?code=`) has no telling name either.
 */
export function redactUrl(url: string, notSecret?: NotSecret): string {
  // a stdio tap's server is named by its command line: its secret-named flags' values are masked
  if (url.startsWith(TAP_TARGET_PREFIX))
    return TAP_TARGET_PREFIX + redactArgs(url.slice(TAP_TARGET_PREFIX.length).split(' ')).join(' ');
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
    if (!marked(notSecret, queryName(key))) {
      parsed.searchParams.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? parsed.toString() : url;
}

/**
 * A command line's arguments with secrets masked: the value of a flag whose name says it is one (`--api-key=…`,
 * `--token …`) and of a `NAME=value` setting whose name does (`GITHUB_TOKEN=…`). Other arguments are kept.
 */
export function redactArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.indexOf('=');
    if (eq > 0 && SECRET_NAME.test(arg.slice(0, eq))) {
      out.push(`${arg.slice(0, eq + 1)}${REDACTED}`);
      continue;
    }
    out.push(arg);
    if (eq === -1 && arg.startsWith('-') && SECRET_NAME.test(arg) && i + 1 < args.length) {
      out.push(REDACTED);
      i++;
    }
  }
  return out;
}

/** The leg with credentials redacted; the same object when it has none (autosave redacts every leg it writes). */
export function redactLeg(leg: Leg, notSecret?: NotSecret): Leg {
  const { exchange } = leg;
  const url = redactUrl(exchange.request.url, notSecret);
  const requestHeaders = redactRequestHeaders(exchange.request.headers, notSecret);
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
export function redactConversation(c: Conversation, notSecret?: NotSecret): Conversation {
  const next: Conversation = { ...c, serverUrl: redactUrl(c.serverUrl, notSecret) };
  if (c.draft) next.draft = { ...c.draft, extraHeaders: redactHeaderRecord(c.draft.extraHeaders, notSecret) };
  return next;
}

/**
 * A copy of the session with credentials replaced by "[redacted]": every custom request header not marked "not
 * secret" (Authorization and cookies always), secret-named response headers, in every recorded leg and in drafts,
 * and passwords and unmarked query values in URLs. Bodies are left alone (they are the
 * protocol under inspection; MCP carries no credentials in JSON-RPC bodies).
 */
export function redactSession(session: SessionState, notSecret?: NotSecret): SessionState {
  const legs: SessionState['legs'] = {};
  for (const [id, leg] of Object.entries(session.legs)) legs[id] = redactLeg(leg, notSecret);
  const conversations: SessionState['conversations'] = {};
  for (const [id, c] of Object.entries(session.conversations)) conversations[id] = redactConversation(c, notSecret);
  return { ...session, legs, conversations };
}
