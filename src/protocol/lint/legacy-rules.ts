/**
 * The 2025-11-25 era's own lint rules, for legs sent over a 2025-11-25 session: none of the 2026-07-28 rules applies
 * to them (there is no Mcp-Method header, no `_meta` envelope, no `input_required`). What that revision asks of a
 * client on every request after `initialize`: the session id the server issued, the `MCP-Protocol-Version` header,
 * and a request the server pushed answered as a JSON-RPC response with the request's own id.
 */
import { headerValue, type Exchange } from '../exchange.ts';
import { carriedOverStdio } from '../proxy-wire.ts';
import { isJsonObject, PROTOCOL_VERSION } from '../types.ts';
import { sentBody } from './wire-facts.ts';
import { LEGACY_SPEC, type LintContext, type LintFinding, type LintLeg } from './lint-types.ts';

const DATED = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The era a leg was sent in: a pushed request (and its answer) and the `initialize` handshake exist only in
 * 2025-11-25; otherwise the `MCP-Protocol-Version` header names it, and without one a session id with no `_meta`
 * protocol version in the body is a 2025-11-25 session's request.
 */
export function legEra(leg: Pick<LintLeg, 'exchange' | 'pushed' | 'answer'>): 'modern' | 'legacy' {
  if (leg.pushed || leg.answer) return 'legacy';
  if (isHandshake(leg)) return 'legacy';
  const request = leg.exchange.request;
  if (carriedOverStdio(request)) {
    // stdio has no headers: a 2026-07-28 request names its version in its `_meta`, a 2025-11-25 one never does
    const version = sentBody(leg.exchange).protocolVersion;
    return typeof version === 'string' && DATED.test(version) && version >= PROTOCOL_VERSION ? 'modern' : 'legacy';
  }
  const version = headerValue(request.headers, 'mcp-protocol-version');
  if (version !== undefined && DATED.test(version.trim()))
    return version.trim() < PROTOCOL_VERSION ? 'legacy' : 'modern';
  if (version !== undefined) return 'modern';
  const body = sentBody(leg.exchange);
  const hasSession = headerValue(request.headers, 'mcp-session-id') !== undefined;
  return hasSession && body.protocolVersion === undefined ? 'legacy' : 'modern';
}

/** `initialize` opens a session: it goes out before there is a version to name or a session id to carry. */
function isHandshake(leg: Pick<LintLeg, 'exchange' | 'pushed'>): boolean {
  return !leg.pushed && sentBody(leg.exchange).method === 'initialize';
}

/** The requests this leg sent: the answer to a pushed request, or the leg's own request. */
function requestsOf(leg: LintLeg): Exchange['request'][] {
  if (leg.answer) return [leg.answer.exchange.request];
  if (leg.pushed) return [];
  return [leg.exchange.request];
}

/** A finding the user caused on purpose (an answer edited in the composer) is information, not a fault. */
function deliberate(leg: LintLeg, finding: LintFinding): LintFinding[] {
  const edited = leg.answer ? leg.answer.edited : leg.sent.bodyEdited || (leg.sent.headersEdited?.length ?? 0) > 0;
  return [edited ? { ...finding, severity: 'info', byYou: 'edited by you' } : finding];
}

function what(leg: LintLeg): string {
  return leg.pushed ? `the answer to ${leg.pushed.method}` : `${leg.method}`;
}

/** basic/transports § Protocol Version Header: every request after initialize carries MCP-Protocol-Version. */
function legacyProtocolVersionHeader({ leg }: LintContext): LintFinding[] {
  if (isHandshake(leg)) return [];
  const missing = requestsOf(leg).some((r) => !headerValue(r.headers, 'mcp-protocol-version')?.trim());
  if (!missing) return [];
  return deliberate(leg, {
    rule: 'legacy/protocol-version-header',
    side: 'client',
    severity: 'error',
    message: `${what(leg)} was sent without MCP-Protocol-Version: after initialize every request of a 2025-11-25 session names the negotiated version (a server may answer 400).`,
    spec: LEGACY_SPEC.protocolVersionHeader,
  });
}

/**
 * basic/transports § Session Management: once the server issued an Mcp-Session-Id at initialize, every later request
 * carries it. The id in use is the first one this call's requests carried (the retry chain, then this leg).
 */
function legacySessionId({ leg, history }: LintContext): LintFinding[] {
  // initialize opens a session: it has none to carry, whatever session came before it
  if (isHandshake(leg)) return [];
  const earlier = [...history, leg].flatMap((l) => [
    l.exchange.request,
    ...(l.answer ? [l.answer.exchange.request] : []),
  ]);
  const sessionId = earlier.map((r) => headerValue(r.headers, 'mcp-session-id')).find((v) => v !== undefined);
  if (sessionId === undefined) return [];
  const sent = requestsOf(leg).map((r) => headerValue(r.headers, 'mcp-session-id'));
  if (sent.every((v) => v === sessionId)) return [];
  const wrong = sent.find((v) => v !== sessionId);
  return deliberate(leg, {
    rule: 'legacy/session-id',
    side: 'client',
    severity: 'error',
    message:
      wrong === undefined
        ? `${what(leg)} was sent without Mcp-Session-Id, though the session has one: every request after initialize carries it (a server answers 400, or 404 once it forgets the session).`
        : `${what(leg)} was sent with Mcp-Session-Id "${wrong}", but this session's id is "${sessionId}".`,
    spec: LEGACY_SPEC.sessionManagement,
  });
}

/** basic § Responses: a pushed request is answered by a JSON-RPC response carrying the request's own id. */
function legacyAnswerId({ leg }: LintContext): LintFinding[] {
  if (!leg.pushed || !leg.answer) return [];
  let message: unknown;
  try {
    message = JSON.parse(leg.answer.exchange.request.body) as unknown;
  } catch {
    message = undefined;
  }
  const problem = !isJsonObject(message)
    ? 'is not a JSON-RPC message'
    : 'method' in message || !('result' in message || 'error' in message)
      ? 'is not a response (a response has a result or an error, and no method)'
      : message.id !== leg.pushed.id
        ? `carries id ${JSON.stringify(message.id)}, not the request's ${JSON.stringify(leg.pushed.id)}`
        : undefined;
  if (!problem) return [];
  return deliberate(leg, {
    rule: 'legacy/answer-id',
    side: 'client',
    severity: 'error',
    message: `The answer to ${leg.pushed.method} ${problem}: the server cannot match it to its request.`,
    spec: LEGACY_SPEC.responses,
  });
}

/** The rules about the HTTP transport's headers: a leg a tap carried over stdio has no headers to judge. */
export const LEGACY_HTTP_RULES = [legacyProtocolVersionHeader, legacySessionId];

export const LEGACY_RULES = [...LEGACY_HTTP_RULES, legacyAnswerId];
