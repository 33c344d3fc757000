import { headerValue, type Exchange, type RecordedRequest } from './exchange.ts';
import type { AcceptedAs, Outcome } from './classify.ts';
import { classifyMessage } from './classify.ts';
import { isJsonObject, META_PROTOCOL_VERSION, PROTOCOL_VERSION, type RpcId } from './types.ts';

function snippet(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function statusLine(response: { status: number; statusText: string }): string {
  return response.statusText ? `${response.status} ${response.statusText}` : String(response.status);
}

/** The media types a server may answer a JSON-RPC request with (streamable HTTP, "Sending Messages", item 6). */
const RESPONSE_MEDIA_TYPES = ['application/json', 'text/event-stream'] as const;

/** `text/plain; charset=utf-8` → `text/plain` (lower case); '' when there is none. */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * The one-sentence problem with a response's content type, or undefined when it is allowed. Only a response with a
 * body is judged: a 202 / 204 (or any status) with an empty body carries no message to type.
 */
export function contentTypeProblem(response: { contentType: string; body: string }): string | undefined {
  if (response.body === '') return undefined;
  const type = mediaTypeOf(response.contentType);
  if ((RESPONSE_MEDIA_TYPES as readonly string[]).includes(type)) return undefined;
  const expected = '(expected application/json or text/event-stream)';
  return type ? `Unexpected content type ${type} ${expected}` : `Missing content type ${expected}`;
}

/**
 * True when the request speaks 2026-07-28 (its MCP-Protocol-Version header, else its `_meta` envelope): there,
 * closing a request's response stream is how a client cancels it (basic/transports, "Cancellation"), so a leg the
 * inspector gave up on was cancelled, not left running.
 */
export function cancelsByClosing(request: RecordedRequest): boolean {
  const header = headerValue(request.headers, 'mcp-protocol-version');
  if (header !== undefined) return header.trim() === PROTOCOL_VERSION;
  try {
    const body = JSON.parse(request.body) as { params?: { _meta?: Record<string, unknown> } };
    return body.params?._meta?.[META_PROTOCOL_VERSION] === PROTOCOL_VERSION;
  } catch {
    return false;
  }
}

/** What became of the server's work when the client stopped waiting: cancelled (2026-07-28), or perhaps still going. */
function afterGivingUp(exchange: Exchange): string {
  return cancelsByClosing(exchange.request) ? '' : ' The leg was abandoned; the server may still be working.';
}

/** A JSON-RPC id as the user reads it: a number bare, a string in quotes. */
function idText(id: unknown): string {
  return typeof id === 'number' ? String(id) : (JSON.stringify(id) ?? 'none');
}

/** The first JSON-RPC response among the other messages of a stream (one the sender found was not for its request). */
function strayResponse(messages: unknown[] | undefined): { id: unknown } | undefined {
  return messages?.find(
    (m): m is { id: unknown } => typeof m === 'object' && m !== null && 'id' in m && ('result' in m || 'error' in m),
  );
}

/**
 * Classify a recorded exchange: transport failures and non-JSON-RPC bodies first, then the JSON-RPC message. A body
 * that parses as JSON-RPC but came with another content type than application/json or text/event-stream is invalid:
 * a client must not accept it (the parsed message stays on the exchange, for the leg inspector and the lint).
 */
export function classifyExchange(exchange: Exchange, method: string, rpcId: RpcId | undefined): Outcome {
  const { response, failure } = exchange;
  if (!response) {
    const reason =
      failure?.kind === 'network'
        ? `the request never reached the server (${failure.message}). The server may be down, the URL wrong, or the browser blocked it (CORS): run the connection doctor.`
        : failure?.kind === 'timeout'
          ? `no response: ${failure.message}.${afterGivingUp(exchange)}`
          : failure?.kind === 'abort'
            ? `you aborted the request before a response arrived${cancelsByClosing(exchange.request) ? ': closing the stream cancelled it' : ''}.`
            : 'no response was recorded.';
    return { kind: 'transport', reason };
  }
  const typeProblem = response.sseEvents ? undefined : contentTypeProblem(response);
  if (exchange.message !== undefined) {
    if (typeProblem) {
      return {
        kind: 'invalid',
        reason: `${typeProblem}: HTTP ${statusLine(response)}. The body holds a JSON-RPC message, but a client must not read it as the response (the raw body is in the leg inspector).`,
      };
    }
    const outcome = classifyMessage(exchange.message, method, rpcId);
    // HTTP status is part of the outcome: an error status (4xx or 5xx) with a result is not a success
    if (response.status >= 400 && (outcome.kind === 'complete' || outcome.kind === 'input_required')) {
      return {
        kind: 'invalid',
        reason: `HTTP ${statusLine(response)} carrying a result: an error status with a "result" body is contradictory, so the result is not trusted (it is in the leg inspector).`,
      };
    }
    return outcome;
  }
  const ct = response.contentType || 'no content type';
  if (response.sseEvents) {
    const tail = failure ? ` (${failure.message})` : '';
    const stray = strayResponse(exchange.notifications);
    if (stray) {
      return {
        kind: 'invalid',
        reason: `the server answered id ${idText(stray.id)} on the stream of request ${idText(rpcId)}: a response belongs on the stream of the request it answers, so it is not this leg's answer (it is in the leg inspector). The stream ended after ${response.sseEvents.length} event(s) without the response to request ${idText(rpcId)}${tail}.`,
      };
    }
    // the inspector closed a stream it gave up on: nothing was cut
    const why =
      failure?.kind === 'timeout'
        ? afterGivingUp(exchange)
        : failure?.kind === 'abort' || failure?.kind === 'too_large'
          ? ''
          : ' The connection was cut before the result.';
    return {
      kind: 'invalid',
      reason: `the SSE stream ended after ${response.sseEvents.length} event(s) without the JSON-RPC response${tail}.${why}`,
    };
  }
  if (failure) return { kind: 'transport', reason: `${failure.message}` };
  if (response.status === 202 && response.body === '') {
    return { kind: 'invalid', reason: 'HTTP 202 with no body: the server treated the request as a notification' };
  }
  if (response.body === '') {
    return { kind: 'invalid', reason: `HTTP ${response.status} with an empty body: no JSON-RPC response` };
  }
  const isJson = /^application\/(.+\+)?json/i.test(ct);
  if (isJson) {
    return {
      kind: 'invalid',
      reason: `HTTP ${response.status} says ${ct} but the body is not valid JSON: "${snippet(response.body)}"`,
    };
  }
  return {
    kind: 'invalid',
    reason: `HTTP ${response.status} ${response.statusText} with ${ct}: not a JSON-RPC response. Body starts: "${snippet(response.body)}"`,
  };
}

/** What a request body is to the transport: a notification or a POSTed answer (no reply owed), or a request. */
function bodyKind(body: string): 'request' | 'no reply' | 'other' {
  try {
    const m = JSON.parse(body) as unknown;
    if (!isJsonObject(m)) return 'other';
    const o = m;
    if (typeof o.method === 'string') return 'id' in o ? 'request' : 'no reply';
    return 'result' in o || 'error' in o ? 'no reply' : 'other';
  } catch {
    return 'other';
  }
}

/**
 * A leg that is no call, judged by what the streamable HTTP transport owes it (basic/transports, "Sending Messages"
 * and "Listening for Messages"), or undefined for a request (judged as a call, by `classifyExchange`):
 * - a notification or a JSON-RPC response POSTed by the client: 202 Accepted with no body;
 * - a GET: an SSE stream the server may push on, or 405 from a server that offers none;
 * - a DELETE: the session ended (2xx), or 405 from a server that does not let a client end it.
 * Any other answer to these (an error status, a body on a 202) is judged as `classifyExchange` judges it.
 */
export function transportOutcome(exchange: Exchange): Outcome | undefined {
  const { request, response } = exchange;
  const method = request.method;
  if (!response || (method === 'POST' && bodyKind(request.body) !== 'no reply')) return undefined;
  const ok = response.status >= 200 && response.status < 300;
  const accepted = (as: AcceptedAs): Outcome => ({
    kind: 'complete',
    result: {},
    resultTypeMissing: false,
    accepted: as,
  });
  if (method === 'POST') return ok && response.body === '' ? accepted('notification') : undefined;
  if (method === 'GET') {
    if (response.status === 405) return accepted('no stream');
    return ok && mediaTypeOf(response.contentType) === 'text/event-stream' ? accepted('stream') : undefined;
  }
  if (response.status === 405) return accepted('session kept');
  return ok ? accepted('session ended') : undefined;
}
