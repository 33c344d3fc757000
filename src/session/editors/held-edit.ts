/**
 * The editors of a held request or answer (Watched clients): the body split into the parts a user changes
 * (requestState, the answers or the questions, params, the rest of an answer's result) and put back together.
 * Untouched parts keep the client's bytes: when nothing changed, nothing is re-serialised and the item goes on exactly
 * as it arrived. Pure.
 */
import { parseHeaderLines } from '../../protocol/header-lines.ts';
import type { HeaderList } from '../../protocol/exchange.ts';
import { asJsonObject } from '../../protocol/types.ts';
import { isSecretHeader } from '../io/redact.ts';

/** The editable parts of a held item; `undefined` where the body has no such part (or is not JSON-RPC). */
export interface HeldParts {
  /** the request's `params.requestState`, or the answer's `result.requestState`; null: leave the field out */
  requestState?: string | null;
  /** a request's `params.inputResponses` (JSON text), or an answer's `result.inputRequests` */
  answers?: string;
  /** a request's params without requestState and inputResponses (JSON text) */
  params?: string;
  /** an answer's result without requestState and inputRequests (JSON text): the content the client will read */
  result?: string;
  /** the non-secret headers, one `Name: value` a line (secret ones are forwarded unchanged, never shown) */
  headers: string;
}

type Json = Record<string, unknown>;

function parseBody(body: string): Json | undefined {
  try {
    return asJsonObject(JSON.parse(body));
  } catch {
    return undefined;
  }
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** Headers a user may see and edit: every one whose value is not a credential. */
function visibleHeaders(headers: HeaderList): string {
  return headers
    .filter(([name]) => !isSecretHeader(name))
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** A held item's parts: for a request (`stage` request) or a server's JSON answer (`response`). */
export function heldParts(stage: 'request' | 'response', body: string, headers: HeaderList): HeldParts {
  const parts: HeldParts = { headers: visibleHeaders(headers) };
  const message = parseBody(body);
  if (stage === 'request') {
    const params = asJsonObject(message?.params);
    if (!params) return parts;
    const { requestState, inputResponses, ...rest } = params;
    if (typeof requestState === 'string') parts.requestState = requestState;
    parts.answers = inputResponses === undefined ? '' : pretty(inputResponses);
    parts.params = pretty(rest);
    return parts;
  }
  const result = asJsonObject(message?.result);
  if (!result) return parts;
  const { requestState, inputRequests, ...rest } = result;
  if (typeof requestState === 'string') parts.requestState = requestState;
  if (inputRequests !== undefined) parts.answers = pretty(inputRequests);
  parts.result = pretty(rest);
  return parts;
}

export type Composed = { body?: string; headers?: HeaderList } | { error: string };

function parseJson(text: string, what: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: `${what} is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The edited header lines, with the secret headers the editor never showed put back as they arrived. */
function editedHeaders(text: string, original: HeaderList): HeaderList | { error: string } {
  const read = parseHeaderLines(text, { repeats: 'allow' });
  if (!read.ok) return { error: `Headers, ${read.error}` };
  return [...original.filter(([name]) => isSecretHeader(name)), ...read.headers];
}

/**
 * The item as the user left it: only what changed is returned (`{}`: send it as it arrived), or why it cannot be
 * sent (a part that is not valid JSON), so nothing the user typed is lost.
 */
export function composeHeld(
  stage: 'request' | 'response',
  body: string,
  headers: HeaderList,
  edited: HeldParts,
): Composed {
  const original = heldParts(stage, body, headers);
  const out: { body?: string; headers?: HeaderList } = {};
  if (edited.headers !== original.headers) {
    const parsed = editedHeaders(edited.headers, headers);
    if ('error' in parsed) return parsed;
    out.headers = parsed;
  }
  const changed =
    edited.requestState !== original.requestState ||
    edited.answers !== original.answers ||
    edited.params !== original.params ||
    edited.result !== original.result;
  if (!changed) return out;
  const message = parseBody(body)!;
  if (stage === 'request') {
    const params = parseJson(edited.params ?? '{}', 'Params');
    if ('error' in params) return params;
    const next: Json = { ...(asJsonObject(params.value) ?? {}) };
    if (edited.answers?.trim()) {
      const answers = parseJson(edited.answers, 'Answers (inputResponses)');
      if ('error' in answers) return answers;
      next.inputResponses = answers.value;
    }
    if (typeof edited.requestState === 'string') next.requestState = edited.requestState;
    out.body = JSON.stringify({ ...message, params: next });
    return out;
  }
  const arrived = asJsonObject(message.result) ?? {};
  let result: Json = { ...arrived };
  if (edited.result !== undefined && edited.result !== original.result) {
    const parsed = parseJson(edited.result, 'Result');
    if ('error' in parsed) return parsed;
    const value = asJsonObject(parsed.value);
    if (!value) return { error: 'Result must be a JSON object (the result without requestState and inputRequests)' };
    // the result's own requestState and inputRequests have editors of their own: those win
    result = { ...value };
    if ('inputRequests' in arrived) result.inputRequests = arrived.inputRequests;
    if ('requestState' in arrived) result.requestState = arrived.requestState;
  }
  if (edited.answers !== undefined) {
    const asked = parseJson(edited.answers, 'inputRequests');
    if ('error' in asked) return asked;
    result.inputRequests = asked.value;
  }
  if (typeof edited.requestState === 'string') result.requestState = edited.requestState;
  else if (edited.requestState === null) delete result.requestState;
  out.body = JSON.stringify({ ...message, result });
  return out;
}
