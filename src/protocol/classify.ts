import type { InputRequests, JsonObject, JsonRpcError, RpcId } from './types.ts';
import { isJsonObject, MRTR_METHODS } from './types.ts';
import { readTask, type TaskSnapshot } from './tasks/wire.ts';
import { readInputRequests } from './input-requests.ts';

export type Outcome =
  | {
      kind: 'complete';
      result: JsonObject;
      resultTypeMissing: boolean;
      /**
       * a leg that is no call, judged by what the transport owes it: a notification (or a POSTed answer) accepted with
       * 202 and no body, a 2025-11-25 session's GET stream (or the 405 of a server that offers none), a session ended
       * by DELETE
       */
      accepted?: AcceptedAs;
    }
  | {
      kind: 'input_required';
      result: JsonObject;
      inputRequests?: InputRequests;
      requestState?: string;
      /** true when the server sent only `requestState`: a "not done yet, come back" leg */
      stateOnly: boolean;
    }
  /** a task (tasks extension): a tools/call's CreateTaskResult, or the task a tasks/get returned */
  | { kind: 'task'; result: JsonObject; task: TaskSnapshot }
  | { kind: 'error'; error: JsonRpcError }
  | { kind: 'invalid'; reason: string }
  | { kind: 'transport'; reason: string };

/** What a leg that is no call was accepted as (see `transportOutcome`). */
export type AcceptedAs = 'notification' | 'stream' | 'no stream' | 'session ended' | 'session kept';

export type OutcomeKind = Outcome['kind'];

/** Narrow a JSON-RPC error object; returns a reason string when malformed. */
function readError(value: unknown): JsonRpcError | string {
  if (!isJsonObject(value)) return 'the "error" member is not an object';
  if (typeof value.code !== 'number' || !Number.isInteger(value.code)) return 'error.code is not an integer';
  if (typeof value.message !== 'string') return 'error.message is not a string';
  const error: JsonRpcError = { code: value.code, message: value.message };
  if ('data' in value && value.data !== undefined) error.data = value.data;
  return error;
}

/**
 * Classify one JSON-RPC response message for a request with `method` and `id`.
 * `message` is whatever the wire carried, parsed as JSON (or undefined when there was none).
 */
export function classifyMessage(message: unknown, method: string, id: RpcId | undefined): Outcome {
  if (!isJsonObject(message)) return { kind: 'invalid', reason: 'the response body is not a JSON-RPC object' };
  if (message.jsonrpc !== '2.0') return { kind: 'invalid', reason: 'the response is missing "jsonrpc": "2.0"' };
  // a JSON-RPC error with id null (a parse error, a 405, a gateway) is still the server's error (JSON-RPC 2.0 section 5:
  // the id is null when it could not be determined): show its code and message, not an id mismatch
  if (message.id === null && 'error' in message && id !== undefined) {
    const error = readError(message.error);
    return typeof error === 'string' ? { kind: 'invalid', reason: error } : { kind: 'error', error };
  }
  if (id !== undefined && message.id !== id) {
    return {
      kind: 'invalid',
      reason: `the response id ${JSON.stringify(message.id)} does not match the request id ${JSON.stringify(id)}`,
    };
  }
  if ('error' in message) {
    const error = readError(message.error);
    return typeof error === 'string' ? { kind: 'invalid', reason: error } : { kind: 'error', error };
  }
  if (!('result' in message)) return { kind: 'invalid', reason: 'the response has neither "result" nor "error"' };
  const result = message.result;
  if (!isJsonObject(result)) return { kind: 'invalid', reason: 'the "result" member is not an object' };
  const resultType = result.resultType;
  if (resultType === 'task' || (method === 'tasks/get' && (resultType === undefined || resultType === 'complete'))) {
    if (resultType === 'task' && method !== 'tools/call') {
      return { kind: 'invalid', reason: `resultType "task" is allowed only on tools/call, not on ${method}` };
    }
    const task = readTask(result);
    return typeof task === 'string' ? { kind: 'invalid', reason: task } : { kind: 'task', result, task };
  }
  if (resultType === undefined || resultType === 'complete') {
    return { kind: 'complete', result, resultTypeMissing: resultType === undefined };
  }
  if (resultType !== 'input_required') {
    return {
      kind: 'invalid',
      reason: `unknown resultType ${JSON.stringify(resultType)} (allowed: "complete", "input_required", "task")`,
    };
  }
  if (!(MRTR_METHODS as readonly string[]).includes(method)) {
    return {
      kind: 'invalid',
      reason: `"input_required" is not allowed on ${method}; only tools/call, prompts/get and resources/read may ask for input`,
    };
  }
  const hasRequests = result.inputRequests !== undefined;
  const hasState = result.requestState !== undefined;
  if (!hasRequests && !hasState) {
    return {
      kind: 'invalid',
      reason: 'an input_required result must carry inputRequests, requestState or both; it has neither',
    };
  }
  if (hasState && typeof result.requestState !== 'string') {
    return { kind: 'invalid', reason: 'requestState must be a string' };
  }
  let inputRequests: InputRequests | undefined;
  if (hasRequests) {
    const parsed = readInputRequests(result.inputRequests);
    if (typeof parsed === 'string') return { kind: 'invalid', reason: parsed };
    inputRequests = parsed;
  }
  if (inputRequests && Object.keys(inputRequests).length === 0 && !hasState) {
    return {
      kind: 'invalid',
      reason:
        'an input_required result with an empty inputRequests and no requestState asks for nothing and carries no state: there is nothing to answer or echo (2026-07-28 basic/utilities/mrtr)',
    };
  }
  const outcome: Outcome = {
    kind: 'input_required',
    result,
    stateOnly: !inputRequests || Object.keys(inputRequests).length === 0,
  };
  if (inputRequests) outcome.inputRequests = inputRequests;
  if (hasState) outcome.requestState = result.requestState as string;
  return outcome;
}

/** Well-known error codes and what they mean, for the Result panel. */
export const ERROR_MEANINGS: Record<number, string> = {
  [-32700]: 'Parse error: the server could not parse the body',
  [-32600]: 'Invalid request (for example a batch)',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params (also: invalid, expired or tampered requestState)',
  [-32603]: 'Internal error (for example the handler returned an invalid result)',
  [-32000]: 'Transport error (wrong HTTP method, body too large or wrong content type)',
  [-32020]: 'Header mismatch: an MCP header is missing or disagrees with the body',
  [-32021]: 'Missing client capability: the request did not declare a capability the server needs',
  [-32022]: 'Unsupported protocol version',
};
