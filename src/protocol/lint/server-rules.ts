/**
 * Server-side lint rules: what the server answered. Each rule cites the section of the 2026-07-28 specification.
 * The rules read the raw response message, so they also judge results the classifier had to call invalid.
 */
import { contentTypeProblem } from '../classify-exchange.ts';
import { checkRestrictedSchema } from '../elicitation/restricted-schema.ts';
import { isJsonObject, MRTR_METHODS, type ClientCapabilities, type JsonObject } from '../types.ts';
import { SPEC, type LintContext, type LintFinding, type LintLeg } from './lint-types.ts';
import { rawResult, sentBody } from './wire-facts.ts';

const INPUT_METHODS = ['elicitation/create', 'sampling/createMessage', 'roots/list'];

/** How many rounds in a row with the same state and the same questions count as "never advances". */
const NEVER_ADVANCES_ROUNDS = 3;

function inputRequestEntries(leg: LintLeg): [string, JsonObject][] {
  const requests = rawResult(leg.exchange)?.inputRequests;
  if (!isJsonObject(requests)) return [];
  return Object.entries(requests).filter((e): e is [string, JsonObject] => isJsonObject(e[1]));
}

function isInputRequired(leg: LintLeg): boolean {
  return rawResult(leg.exchange)?.resultType === 'input_required';
}

/** MRTR Supported Requests: only tools/call, prompts/get and resources/read may answer input_required. */
export function inputRequiredOnlyOnMrtrMethods({ leg }: LintContext): LintFinding[] {
  if (!isInputRequired(leg)) return [];
  const body = sentBody(leg.exchange);
  const method = typeof body.method === 'string' ? body.method : leg.method;
  if ((MRTR_METHODS as readonly string[]).includes(method)) return [];
  return [
    {
      rule: 'server/input-required-method',
      side: 'server',
      severity: 'error',
      message: `The server answered input_required to ${method}; only tools/call, prompts/get and resources/read may ask for input.`,
      spec: SPEC.supportedRequests,
    },
  ];
}

/** MRTR server requirement: at least one of inputRequests / requestState. */
export function inputRequiredNotEmpty({ leg }: LintContext): LintFinding[] {
  const result = rawResult(leg.exchange);
  if (!result || result.resultType !== 'input_required') return [];
  const requests = result.inputRequests;
  const noRequests = requests === undefined || (isJsonObject(requests) && Object.keys(requests).length === 0);
  if (!noRequests || result.requestState !== undefined) return [];
  if (requests !== undefined) {
    return [
      {
        rule: 'server/input-required-empty',
        side: 'server',
        severity: 'error',
        message:
          'The input_required result has an empty inputRequests and no requestState: it asks for nothing and carries no state, so there is nothing to answer or echo.',
        spec: SPEC.serverRequirements,
      },
    ];
  }
  return [
    {
      rule: 'server/input-required-empty',
      side: 'server',
      severity: 'error',
      message: 'The input_required result carries neither inputRequests nor requestState; at least one is required.',
      spec: SPEC.serverRequirements,
    },
  ];
}

/** ResultType: "complete" or "input_required"; absent means complete (older servers), unknown is invalid. */
export function validResultType({ leg }: LintContext): LintFinding[] {
  const result = rawResult(leg.exchange);
  if (!result) return [];
  const type = result.resultType;
  if (type === 'complete' || type === 'input_required') return [];
  if (type === undefined) {
    return [
      {
        rule: 'server/result-type',
        side: 'server',
        severity: 'info',
        message: 'The result has no resultType; it is treated as "complete", but 2026-07-28 results must include it.',
        spec: SPEC.resultType,
      },
    ];
  }
  return [
    {
      rule: 'server/result-type',
      side: 'server',
      severity: 'error',
      message: `Unknown resultType ${JSON.stringify(type)}: only "complete" and "input_required" exist, so the result is invalid.`,
      spec: SPEC.resultType,
    },
  ];
}

/** MRTR server requirement: inputRequests values are elicitation/create, sampling/createMessage or roots/list. */
export function knownInputRequestMethods({ leg }: LintContext): LintFinding[] {
  const unknown = inputRequestEntries(leg).filter(([, r]) => !INPUT_METHODS.includes(String(r.method)));
  return unknown.map(([key, r]) => ({
    rule: 'server/input-request-method',
    side: 'server',
    severity: 'warning',
    message: `inputRequests["${key}"] uses ${JSON.stringify(r.method)}; only elicitation/create, sampling/createMessage and roots/list are defined.`,
    spec: SPEC.serverRequirements,
  }));
}

function declares(caps: ClientCapabilities, method: string, mode: unknown): boolean {
  if (method === 'sampling/createMessage') return caps.sampling !== undefined && caps.sampling !== null;
  if (method === 'roots/list') return caps.roots !== undefined && caps.roots !== null;
  const e = caps.elicitation;
  if (!isJsonObject(e)) return false;
  if (mode === 'url') return isJsonObject(e.url);
  // an empty elicitation object declares form mode only
  return isJsonObject(e.form) || Object.keys(e).length === 0;
}

/** MRTR server requirement: no input request for a capability this request did not declare. */
export function declaredCapabilitiesOnly({ leg }: LintContext): LintFinding[] {
  const caps = sentBody(leg.exchange).capabilities ?? leg.sent.capabilities;
  const out: LintFinding[] = [];
  for (const [key, request] of inputRequestEntries(leg)) {
    const method = String(request.method);
    if (!INPUT_METHODS.includes(method)) continue;
    const mode = isJsonObject(request.params) ? request.params.mode : undefined;
    if (declares(caps, method, mode)) continue;
    const what =
      method === 'elicitation/create' ? `elicitation (${mode === 'url' ? 'url' : 'form'} mode)` : method.split('/')[0];
    out.push({
      rule: 'server/undeclared-capability',
      side: 'server',
      severity: 'error',
      message: `inputRequests["${key}"] asks for ${what}, which this request's clientCapabilities did not declare; the server should have answered 400 / -32021.`,
      spec: method === 'elicitation/create' ? SPEC.elicitationCapabilities : SPEC.serverRequirements,
    });
  }
  return out;
}

/** Elicitation Requested Schema: flat properties of the restricted primitive subset only. */
export function restrictedElicitationSchema({ leg }: LintContext): LintFinding[] {
  const out: LintFinding[] = [];
  for (const [key, request] of inputRequestEntries(leg)) {
    if (request.method !== 'elicitation/create' || !isJsonObject(request.params)) continue;
    if (request.params.mode === 'url') continue;
    const report = checkRestrictedSchema(request.params.requestedSchema);
    if (report.ok) continue;
    const shown = report.problems.slice(0, 4).map((p) => `${p.path || '(root)'}: ${p.message}`);
    const more = report.problems.length > 4 ? ` and ${report.problems.length - 4} more` : '';
    out.push({
      rule: 'server/restricted-schema',
      side: 'server',
      severity: 'error',
      message: `The form for "${key}" uses a schema outside the restricted subset: ${shown.join('; ')}${more}.`,
      spec: SPEC.requestedSchema,
    });
  }
  return out;
}

function sameQuestion(a: LintLeg, b: LintLeg): boolean {
  if (a.outcome.kind !== 'input_required' || b.outcome.kind !== 'input_required') return false;
  if (a.outcome.requestState !== b.outcome.requestState) return false;
  return JSON.stringify(a.outcome.inputRequests ?? {}) === JSON.stringify(b.outcome.inputRequests ?? {});
}

function answeredAll(asker: LintLeg, retry: LintLeg): boolean {
  if (asker.outcome.kind !== 'input_required') return false;
  const answered = new Set(sentBody(retry.exchange).inputResponseKeys);
  return Object.keys(asker.outcome.inputRequests ?? {}).every((k) => answered.has(k));
}

/**
 * A conversation that never advances: the same requestState and the same questions, round after round, although
 * every question was answered. Servers may re-ask, but a loop like this is what round limits exist for.
 */
export function conversationAdvances({ leg, history }: LintContext): LintFinding[] {
  if (leg.outcome.kind !== 'input_required' || leg.outcome.stateOnly) return [];
  let run = 1;
  let later = leg;
  for (let i = history.length - 1; i >= 0; i--) {
    const earlier = history[i];
    if (!earlier || !sameQuestion(earlier, later) || !answeredAll(earlier, later)) break;
    run += 1;
    later = earlier;
  }
  if (run < NEVER_ADVANCES_ROUNDS) return [];
  return [
    {
      rule: 'server/never-advances',
      side: 'server',
      severity: 'warning',
      message: `The conversation is not advancing: ${run} rounds in a row with the same requestState and the same questions, although every question was answered.`,
      spec: SPEC.serverRequirements,
    },
  ];
}

/**
 * Streamable HTTP, Sending Messages: a JSON-RPC request is answered with `Content-Type: application/json` or
 * `text/event-stream` (parameters allowed). Empty bodies (202, 204) are not judged. Also flags imported sessions.
 */
export function responseContentType({ leg }: LintContext): LintFinding[] {
  const response = leg.exchange.response;
  if (!response || response.sseEvents) return [];
  const problem = contentTypeProblem(response);
  if (!problem) return [];
  return [
    {
      rule: 'server/content-type',
      side: 'server',
      severity: 'error',
      message: `${problem}: the server must answer a request with application/json or text/event-stream, so a client cannot accept this body (HTTP ${response.status}) as the response.`,
      spec: SPEC.sendingMessages,
    },
  ];
}

export const SERVER_RULES = [
  responseContentType,
  inputRequiredOnlyOnMrtrMethods,
  inputRequiredNotEmpty,
  validResultType,
  knownInputRequestMethods,
  declaredCapabilitiesOnly,
  restrictedElicitationSchema,
  conversationAdvances,
];
