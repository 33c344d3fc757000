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

function internHeaders(headers: HeaderList, intern: Intern): void {
  for (const pair of headers) {
    pair[0] = intern(pair[0]);
    pair[1] = intern(pair[1]);
  }
}

function internExchange(exchange: Exchange, intern: Intern): void {
  const { request, response } = exchange;
  request.url = intern(request.url);
  internHeaders(request.headers, intern);
  if (response) {
    response.statusText = intern(response.statusText);
    response.contentType = intern(response.contentType);
    internHeaders(response.headers, intern);
  }
  const result = (exchange.message as { result?: { requestState?: unknown } } | undefined)?.result;
  if (typeof result?.requestState === 'string') result.requestState = intern(result.requestState);
}

function internSent(sent: SentFacts, intern: Intern): void {
  if (sent.requestState !== undefined) sent.requestState = intern(sent.requestState);
  if (sent.originalRequestState !== undefined) sent.originalRequestState = intern(sent.originalRequestState);
}

function internLeg(leg: Leg, intern: Intern): void {
  internExchange(leg.exchange, intern);
  internSent(leg.sent, intern);
  const { outcome } = leg;
  if (outcome.kind === 'input_required' && outcome.requestState !== undefined)
    outcome.requestState = intern(outcome.requestState);
  // the outcome's result is the message's result on the page, a copy of its own after a parse
  if ('result' in outcome && typeof outcome.result.requestState === 'string')
    outcome.result.requestState = intern(outcome.result.requestState);
  if (leg.answer) {
    internExchange(leg.answer.exchange, intern);
    internSent(leg.answer.sent, intern);
  }
}

/**
 * Makes equal strings in the session's legs one string: header names and values, URLs, content types, requestStates.
 * Changes `session` in place, so it is only for a session nobody else holds yet (just parsed or cloned); equal values
 * stay equal, so nothing a reader sees changes.
 */
export function internSessionStrings(session: SessionState, intern: Intern = interner()): void {
  for (const leg of Object.values(session.legs)) internLeg(leg, intern);
  for (const conversation of Object.values(session.conversations)) {
    conversation.serverUrl = intern(conversation.serverUrl);
    conversation.method = intern(conversation.method);
  }
}
