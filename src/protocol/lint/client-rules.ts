/**
 * Client-side lint rules: what the inspector (or a person driving it) sent. Each rule cites the section of the
 * 2026-07-28 specification it checks. A deviation the user made on purpose in the composer is still reported, but
 * labelled (`byYou`) and lowered to `info`: an inspector that edits the wire is acting as a hostile client on purpose.
 */
import { decodeHeaderValue } from '../headers.ts';
import { headerValue } from '../exchange.ts';
import { MRTR_METHODS } from '../types.ts';
import { SPEC, type LintContext, type LintFinding, type LintLeg } from './lint-types.ts';
import { sentBody } from './wire-facts.ts';

function deliberate(finding: LintFinding, byYou: string | undefined): LintFinding {
  return byYou ? { ...finding, severity: 'info', byYou } : finding;
}

function sentId(leg: LintLeg): unknown {
  const body = sentBody(leg.exchange);
  return body.parsed && body.id !== undefined ? body.id : leg.rpcId;
}

/** The state the previous leg handed out, or undefined when it handed none. */
function stateGiven(previous: LintLeg | undefined): string | undefined {
  return previous?.outcome.kind === 'input_required' ? previous.outcome.requestState : undefined;
}

function keysAsked(previous: LintLeg | undefined): string[] {
  return previous?.outcome.kind === 'input_required' ? Object.keys(previous.outcome.inputRequests ?? {}) : [];
}

function answeredKeys(leg: LintLeg): string[] {
  const body = sentBody(leg.exchange);
  return body.parsed ? body.inputResponseKeys : Object.keys(leg.sent.inputResponses ?? {});
}

/** MRTR client requirement 3: every retry is an independent request with its own JSON-RPC id. */
export function newIdForEveryRetry({ leg, history }: LintContext): LintFinding[] {
  const id = sentId(leg);
  const reused = history.findIndex((earlier) => sentId(earlier) === id);
  if (reused < 0) return [];
  return [
    deliberate(
      {
        rule: 'client/new-id',
        side: 'client',
        severity: 'error',
        message: `This retry reuses JSON-RPC id ${JSON.stringify(id)} from round ${reused + 1}; every retry must have a new id.`,
        spec: SPEC.clientRequirements,
      },
      leg.sent.bodyEdited ? 'edited by you' : undefined,
    ),
  ];
}

/** MRTR client requirement 2: echo the exact requestState the server gave. */
export function echoRequestState({ leg, history }: LintContext): LintFinding[] {
  const given = stateGiven(history[history.length - 1]);
  if (given === undefined) return [];
  const body = sentBody(leg.exchange);
  const sent = body.parsed ? body.requestState : leg.sent.requestState;
  if (sent === given) return [];
  const byYou = leg.sent.requestStateEdited || leg.sent.bodyEdited ? 'edited by you' : undefined;
  const message =
    sent === undefined
      ? `The retry dropped the requestState (${given.length} characters) the server gave in the previous round; it must be echoed exactly.`
      : typeof sent !== 'string'
        ? `The retry sent requestState as ${sent === null ? 'null' : typeof sent}; it must be the exact string the server gave.`
        : `The retry sent a requestState that differs from the one the server gave (${sent.length} vs ${given.length} characters); it must be echoed byte for byte.`;
  return [
    deliberate(
      { rule: 'client/echo-request-state', side: 'client', severity: 'error', message, spec: SPEC.clientRequirements },
      byYou,
    ),
  ];
}

/** MRTR client requirement 2: a retry carries no requestState unless the server gave one. */
export function noInventedRequestState({ leg, history }: LintContext): LintFinding[] {
  const previous = history[history.length - 1];
  if (stateGiven(previous) !== undefined) return [];
  const body = sentBody(leg.exchange);
  const sends = body.parsed ? body.hasRequestState : leg.sent.requestState !== undefined;
  if (!sends) return [];
  const where = previous ? 'the previous round gave none' : 'this is the first leg of the call';
  return [
    deliberate(
      {
        rule: 'client/no-invented-request-state',
        side: 'client',
        severity: 'error',
        message: `This leg sends a requestState, but ${where}: a client must never invent one.`,
        spec: SPEC.clientRequirements,
      },
      leg.sent.requestStateEdited || leg.sent.bodyEdited ? 'edited by you' : undefined,
    ),
  ];
}

/** MRTR client requirement 1: construct every requested input before retrying. */
export function answerEveryRequest({ leg, history }: LintContext): LintFinding[] {
  const asked = keysAsked(history[history.length - 1]);
  if (asked.length === 0) return [];
  const answered = new Set(answeredKeys(leg));
  const missing = asked.filter((k) => !answered.has(k));
  if (missing.length === 0) return [];
  const onPurpose = leg.sent.bodyEdited
    ? 'edited by you'
    : missing.every((k) => leg.sent.unansweredKeys.includes(k))
      ? 'left unanswered by you'
      : undefined;
  return [
    deliberate(
      {
        rule: 'client/answer-every-request',
        side: 'client',
        severity: 'warning',
        message: `The retry does not answer ${missing.map((k) => `"${k}"`).join(', ')}; every input request must be answered before retrying.`,
        spec: SPEC.clientRequirements,
      },
      onPurpose,
    ),
  ];
}

/** MRTR client requirement 4: answers belong to the one retry they answer. */
export function answersNotCarried({ leg, history }: LintContext): LintFinding[] {
  const asked = new Set(keysAsked(history[history.length - 1]));
  const extra = answeredKeys(leg).filter((k) => !asked.has(k));
  if (extra.length === 0) return [];
  const why = history.length === 0 ? 'this is the first leg of the call' : 'the previous round did not ask for it';
  return [
    deliberate(
      {
        rule: 'client/answers-not-carried',
        side: 'client',
        severity: 'warning',
        message: `inputResponses carries ${extra.map((k) => `"${k}"`).join(', ')}, but ${why}: answers must not be carried into other calls or later rounds.`,
        spec: SPEC.clientRequirements,
      },
      leg.sent.bodyEdited ? 'edited by you' : undefined,
    ),
  ];
}

/** Streamable HTTP: Mcp-Method, Mcp-Name and MCP-Protocol-Version mirror the body. */
export function headersAgreeWithBody({ leg }: LintContext): LintFinding[] {
  const body = sentBody(leg.exchange);
  if (!body.parsed || typeof body.method !== 'string') return [];
  const headers = leg.exchange.request.headers;
  const problems: string[] = [];
  const method = headerValue(headers, 'mcp-method');
  if (method === undefined) problems.push('Mcp-Method is missing');
  else if (method !== body.method) problems.push(`Mcp-Method says "${method}" but the body says "${body.method}"`);
  if ((MRTR_METHODS as readonly string[]).includes(body.method)) {
    const expected = body.headerName;
    const name = headerValue(headers, 'mcp-name');
    if (name === undefined) problems.push('Mcp-Name is missing');
    else if (expected !== undefined && decodeHeaderValue(name) !== expected) {
      problems.push(`Mcp-Name says "${decodeHeaderValue(name)}" but the body names "${expected}"`);
    }
  }
  const version = headerValue(headers, 'mcp-protocol-version');
  if (version === undefined) problems.push('MCP-Protocol-Version is missing');
  else if (body.protocolVersion !== undefined && version !== body.protocolVersion) {
    problems.push(`MCP-Protocol-Version says "${version}" but _meta says ${JSON.stringify(body.protocolVersion)}`);
  }
  if (problems.length === 0) return [];
  return [
    deliberate(
      {
        rule: 'client/headers-match-body',
        side: 'client',
        severity: 'error',
        message: `Headers disagree with the body: ${problems.join('; ')}. Servers answer 400 / -32020.`,
        spec: SPEC.standardHeaders,
      },
      leg.sent.bodyEdited || leg.sent.headersEdited?.length ? 'edited by you' : undefined,
    ),
  ];
}

export const CLIENT_RULES = [
  newIdForEveryRetry,
  echoRequestState,
  noInventedRequestState,
  answerEveryRequest,
  answersNotCarried,
  headersAgreeWithBody,
];
