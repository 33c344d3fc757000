/**
 * One copy of each repeated string in a session that arrived from outside the page's own heap.
 *
 * A session imported from a file reaches the page through a worker: structured cloning (like `JSON.parse`) makes a
 * new string for every occurrence, so a 10,000-leg session held 30,000 copies of "application/json", 10,000 of each
 * header name and four copies of each leg's requestState (the message, the outcome, the sent and original state),
 * about a fifth of the page's heap after the import and as many objects for every major GC to mark. The session the
 * page records itself shares these strings already.
 */
import type { Exchange, HeaderList } from '../../protocol/exchange.ts';
import type { Leg, SessionState, SentFacts } from '../model.ts';
import type { ParseResult } from './session-file.ts';

export type Intern = (value: string) => string;

/** Hands back the first string equal to `value` it was given. */
export function interner(): Intern {
  const seen = new Map<string, string>();
  return (value) => {
    const known = seen.get(value);
    if (known !== undefined) return known;
    seen.set(value, value);
    return value;
  };
}

/**
 * What a walk does with each value it visits: a string field of the session, or whatever an earlier walk left in its
 * place (a box from `boxParseResult`). It returns the value to put back.
 */
type Visit = (value: unknown) => unknown;

function visitHeaders(headers: HeaderList, visit: Visit): void {
  for (const pair of headers) {
    pair[0] = visit(pair[0]) as string;
    pair[1] = visit(pair[1]) as string;
  }
}

function visitExchange(exchange: Exchange, visit: Visit): void {
  const { request, response } = exchange;
  request.url = visit(request.url) as string;
  visitHeaders(request.headers, visit);
  if (response) {
    response.statusText = visit(response.statusText) as string;
    response.contentType = visit(response.contentType) as string;
    visitHeaders(response.headers, visit);
  }
  // the server's message is untrusted: its requestState may be anything, so `visit` sees whatever is there
  const result = (exchange.message as { result?: { requestState?: unknown } } | undefined)?.result;
  if (typeof result === 'object' && result !== null && result.requestState !== undefined)
    result.requestState = visit(result.requestState);
}

function visitSent(sent: SentFacts, visit: Visit): void {
  if (sent.requestState !== undefined) sent.requestState = visit(sent.requestState) as string;
  if (sent.originalRequestState !== undefined) sent.originalRequestState = visit(sent.originalRequestState) as string;
}

function visitLeg(leg: Leg, visit: Visit): void {
  visitExchange(leg.exchange, visit);
  visitSent(leg.sent, visit);
  const { outcome } = leg;
  if (outcome.kind === 'input_required' && outcome.requestState !== undefined)
    outcome.requestState = visit(outcome.requestState) as string;
  // the outcome's result is the message's result on the page, a copy of its own after a parse
  if ('result' in outcome && outcome.result.requestState !== undefined)
    outcome.result.requestState = visit(outcome.result.requestState) as typeof outcome.result.requestState;
  if (leg.answer) {
    visitExchange(leg.answer.exchange, visit);
    visitSent(leg.answer.sent, visit);
  }
}

/** Header names and values, URLs, content types, requestStates: the strings a session repeats. */
function visitSessionStrings(session: SessionState, visit: Visit): void {
  for (const leg of Object.values(session.legs)) visitLeg(leg, visit);
  for (const conversation of Object.values(session.conversations)) {
    conversation.serverUrl = visit(conversation.serverUrl) as string;
    conversation.method = visit(conversation.method) as string;
  }
}

/**
 * Makes equal strings in the session's legs one string: header names and values, URLs, content types, requestStates.
 * Changes `session` in place, so it is only for a session nobody else holds yet (just parsed or cloned); equal values
 * stay equal, so nothing a reader sees changes.
 */
export function internSessionStrings(session: SessionState, intern: Intern = interner()): void {
  visitSessionStrings(session, (value) => (typeof value === 'string' ? intern(value) : value));
}

declare const boxedStrings: unique symbol;

/**
 * A session whose repeated strings are `String` boxes, for a structured clone: nothing can read it (its fields are not
 * typed), so the page reads the worker's reply only through `unboxParseResult`.
 */
interface BoxedSession {
  readonly [boxedStrings]: true;
}

/** A `ParseResult` as the session file worker posts it: a valid session's strings boxed (`boxParseResult`). */
export type BoxedParseResult =
  | Exclude<ParseResult, { ok: true }>
  | (Omit<Extract<ParseResult, { ok: true }>, 'session'> & { session: BoxedSession });

/**
 * For a result about to be structured-cloned (the worker's reply): each repeated string of its session becomes one
 * `String` object per distinct value. A structured clone copies a string at every occurrence but an object once, so
 * the receiver's heap gets each repeated string once instead of making every copy and dropping all but one: interning
 * after the clone left about 18 MB of garbage for a 10,000-leg file, and its major GC paused a frame of the first
 * scroll. Boxes the session in place, so `result` is not read again; the receiver reads the clone with
 * `unboxParseResult`.
 */
export function boxParseResult(result: ParseResult): BoxedParseResult {
  if (!result.ok) return result;
  const boxes = new Map<string, unknown>();
  visitSessionStrings(result.session, (value) => {
    if (typeof value !== 'string') return value;
    let box = boxes.get(value);
    if (box === undefined) {
      // the point: an object, which a structured clone copies once however often it appears
      box = new String(value);
      boxes.set(value, box);
    }
    return box;
  });
  return result as unknown as BoxedParseResult;
}

/** The only way to read a `BoxedParseResult`: every box of the clone becomes its string, one string for all its places. */
export function unboxParseResult(result: BoxedParseResult): ParseResult {
  if (!result.ok) return result;
  const session = result.session as unknown as SessionState;
  visitSessionStrings(session, (value) => (value instanceof String ? value.valueOf() : value));
  return { ...result, session };
}
