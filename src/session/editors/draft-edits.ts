/**
 * The composer's edit model: text the user types <-> the draft's values, with a clear message for every bad input.
 * Pure: the editors keep the text, these functions say what it means (or why it cannot be sent as typed).
 */
import { classifyInputRequest } from '../../protocol/elicitation/answers.ts';
import { parseHeaderLines as readHeaderLines } from '../../protocol/header-lines.ts';
import { isManagedHeader } from '../../protocol/headers.ts';
import { baseParams } from '../../protocol/retry.ts';
import {
  isJsonObject,
  type InputRequests,
  type InputResponse,
  type JsonObject,
  type JsonValue,
  type RpcId,
} from '../../protocol/types.ts';

export type Parsed<T> = { ok: true; value: T; warnings: string[] } | { ok: false; error: string };

function parseJson(text: string, what: string): { ok: true; value: JsonValue } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: false, error: `${what} is empty: type a JSON object, e.g. {}` };
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch (err) {
    return { ok: false, error: `${what} is not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
}

function kindOf(v: JsonValue): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}

export function answersToJson(answers: Record<string, InputResponse>): string {
  return JSON.stringify(answers, null, 2);
}

const ELICIT_ACTIONS = ['accept', 'decline', 'cancel'];

/**
 * Parse the inputResponses editor. Errors: not JSON, not an object, an entry that is not an object. Warnings (still
 * sendable, a hostile client may want exactly that): keys the server did not ask for, an elicitation answer without a
 * valid action, a wrapped `{method, result}` entry (the TS SDK drops those).
 */
export function parseAnswersJson(text: string, asked: InputRequests): Parsed<Record<string, InputResponse>> {
  const parsed = parseJson(text, 'inputResponses');
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (!isJsonObject(value)) {
    return { ok: false, error: `inputResponses must be a JSON object keyed by request key, not ${kindOf(value)}` };
  }
  const warnings: string[] = [];
  const entries: [string, InputResponse][] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (!isJsonObject(entry)) {
      return { ok: false, error: `inputResponses["${key}"] must be an object (a bare result), not ${kindOf(entry)}` };
    }
    entries.push([key, entry]);
    const request = Object.hasOwn(asked, key) ? asked[key] : undefined;
    if (!request) {
      warnings.push(`"${key}" was not asked for in this round: the server should ignore it`);
      continue;
    }
    if ('method' in entry && 'result' in entry) {
      warnings.push(`"${key}" is wrapped as {method, result}: send the bare result (the TS SDK drops wrapped entries)`);
    }
    const kind = classifyInputRequest(request);
    if ((kind === 'elicit-form' || kind === 'elicit-url') && !ELICIT_ACTIONS.includes(String(entry.action))) {
      warnings.push(`"${key}" is an elicitation answer without action "accept", "decline" or "cancel"`);
    }
  }
  // fromEntries defines own properties, so a key like "__proto__" stays a key
  return { ok: true, value: Object.fromEntries(entries), warnings };
}

/** The call's own params as the editor shows them (per-leg fields are composed separately). */
export function paramsToJson(params: JsonObject): string {
  return JSON.stringify(baseParams(params), null, 2);
}

const PER_LEG = ['inputResponses', 'requestState', '_meta'];

/** Parse the params editor (tool name + arguments, prompt name + arguments, or resource uri). */
export function parseParamsJson(text: string, method: string): Parsed<JsonObject> {
  const parsed = parseJson(text, 'params');
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (!isJsonObject(value)) return { ok: false, error: `params must be a JSON object, not ${kindOf(value)}` };
  const perLeg = PER_LEG.filter((k) => k in value);
  if (perLeg.length) {
    return {
      ok: false,
      error: `${perLeg.join(', ')} ${perLeg.length === 1 ? 'has' : 'have'} its own editor: remove it from params`,
    };
  }
  const warnings: string[] = [];
  if (method === 'resources/read') {
    if (typeof value.uri !== 'string') warnings.push('resources/read needs a string "uri"');
  } else if (typeof value.name !== 'string') {
    warnings.push(`${method} needs a string "name" (it also goes into the Mcp-Name header)`);
  }
  if ('arguments' in value && !isJsonObject(value.arguments)) warnings.push('"arguments" should be an object');
  return { ok: true, value, warnings };
}

/** Numbers show bare, string ids as a JSON string, so the text says which kind of id goes out. */
export function formatRpcId(id: RpcId): string {
  return typeof id === 'number' ? String(id) : JSON.stringify(id);
}

/**
 * Parse the JSON-RPC id editor: an integer, or a string (quoted, or bare text that is not a number). `usedIds` are
 * the ids of legs already sent in this conversation: reusing one is allowed on purpose but warned about.
 */
export function parseRpcId(text: string, usedIds: readonly RpcId[] = []): Parsed<RpcId> {
  const t = text.trim();
  if (t === '') return { ok: false, error: 'the JSON-RPC id is empty: requests need an id (a number or a string)' };
  let value: RpcId;
  if (/^-?\d+$/.test(t)) {
    const n = Number(t);
    if (!Number.isSafeInteger(n)) return { ok: false, error: `${t} is too large to be an exact JSON number` };
    value = n;
  } else if (t.startsWith('"')) {
    try {
      const s = JSON.parse(t) as unknown;
      if (typeof s !== 'string') return { ok: false, error: 'a quoted id must be one JSON string' };
      value = s;
    } catch {
      return { ok: false, error: `${t} is not a valid JSON string (check the closing quote and escapes)` };
    }
  } else if (/^-?\d*\.\d+$|^-?\d+e/i.test(t)) {
    return { ok: false, error: `${t} is a fractional number: JSON-RPC ids should be integers or strings` };
  } else {
    value = t;
  }
  const warnings = usedIds.includes(value)
    ? [`id ${formatRpcId(value)} was already used in this conversation: every leg should carry a new id`]
    : [];
  return { ok: true, value, warnings };
}

export function headersToLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

/** The composer's per-leg headers (blank lines ignored). Replacing a header the composer sets is warned about. */
export function parseHeaderLines(text: string): Parsed<Record<string, string>> {
  const read = readHeaderLines(text);
  if (!read.ok) return { ok: false, error: read.error };
  const warnings = read.headers
    .filter(([name]) => isManagedHeader(name))
    .map(([name]) => `${name} replaces the value the composer would send (a mismatch gets 400 / -32020)`);
  return { ok: true, value: Object.fromEntries(read.headers), warnings };
}
