import type { Exchange } from './exchange.ts';
import type { Outcome } from './classify.ts';
import { classifyMessage } from './classify.ts';
import type { RpcId } from './types.ts';

function snippet(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Classify a recorded exchange: transport failures and non-JSON-RPC bodies first, then the JSON-RPC message. */
export function classifyExchange(exchange: Exchange, method: string, rpcId: RpcId | undefined): Outcome {
  const { response, failure } = exchange;
  if (!response) {
    const reason =
      failure?.kind === 'network'
        ? `the request never reached the server (${failure.message}). The server may be down, the URL wrong, or the browser blocked it (CORS): run the connection doctor.`
        : failure?.kind === 'timeout'
          ? `no response: ${failure.message}. The leg was abandoned; the server may still be working.`
          : failure?.kind === 'abort'
            ? 'you aborted the request before a response arrived.'
            : 'no response was recorded.';
    return { kind: 'transport', reason };
  }
  if (exchange.message !== undefined) {
    const outcome = classifyMessage(exchange.message, method, rpcId);
    if (outcome.kind === 'error' || outcome.kind === 'complete' || outcome.kind === 'input_required') return outcome;
    return outcome;
  }
  const ct = response.contentType || 'no content type';
  if (response.sseEvents) {
    const tail = failure ? ` (${failure.message})` : '';
    return {
      kind: 'invalid',
      reason: `the SSE stream ended after ${response.sseEvents.length} event(s) without the JSON-RPC response${tail}. The connection was cut before the result.`,
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
