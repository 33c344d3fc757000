/**
 * Values the audit sends without a person: arguments from a tool's input schema (its defaults, else a plausible value
 * per type and format), another argument set for the binding check, and answers to every input request (forms
 * filled from their schema, URL consent accepted, a fixed sampling reply, one root). Pure.
 */
import { classifyInputRequest, rootsAnswer, samplingAnswer } from '../../protocol/elicitation/answers.ts';
import {
  isJsonObject,
  type InputRequests,
  type InputResponses,
  type JsonObject,
  type JsonValue,
} from '../../protocol/types.ts';

function firstOption(schema: JsonObject): JsonValue | undefined {
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const first = options.find((o) => isJsonObject(o) && 'const' in o);
      if (isJsonObject(first)) return first.const;
    }
  }
  return undefined;
}

/** A value that satisfies one property schema (restricted elicitation schemas and ordinary tool input schemas). */
function valueFor(schema: JsonValue | undefined): JsonValue {
  if (!isJsonObject(schema)) return 'audit';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  const option = firstOption(schema);
  if (option !== undefined) return option;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min =
        typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : 1;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
      return Math.min(type === 'integer' ? Math.ceil(min) : min, max);
    }
    case 'boolean':
      return true;
    case 'array': {
      const items = isJsonObject(schema.items) ? schema.items : {};
      const one = firstOption(items) ?? valueFor(items);
      const count = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      const pool = Array.isArray(items.enum)
        ? items.enum
        : Array.isArray(items.anyOf)
          ? items.anyOf.flatMap((o) => (isJsonObject(o) && 'const' in o ? [o.const] : []))
          : [one];
      return pool.slice(0, count).length >= count ? pool.slice(0, count) : [one];
    }
    case 'object':
      return objectFor(schema);
    default:
      break;
  }
  switch (schema.format) {
    case 'email':
      return 'audit@example.com';
    case 'uri':
      return 'https://example.com/audit';
    case 'date':
      return '2026-01-01';
    case 'date-time':
      return '2026-01-01T09:00:00Z';
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return 'audit'.padEnd(min, 'x');
}

/**
 * Every required property (and every property with a default) of an object schema. `consent`: booleans are true
 * whatever their default, so a form answer agrees to go on ("Approve this payment") and the flow reaches its end.
 */
export function objectFor(schema: JsonValue | undefined, consent = false): JsonObject {
  if (!isJsonObject(schema) || !isJsonObject(schema.properties)) return {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const out: JsonObject = {};
  for (const [key, prop] of Object.entries(schema.properties)) {
    if (consent && isJsonObject(prop) && prop.type === 'boolean') out[key] = true;
    else if (required.includes(key) || (isJsonObject(prop) && prop.default !== undefined)) out[key] = valueFor(prop);
  }
  return out;
}

/** The same arguments with the first one changed (another enum value, +1, flipped, suffixed); null when none. */
export function otherArguments(schema: JsonValue | undefined, args: JsonObject): JsonObject | null {
  const props = isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : {};
  for (const [key, value] of Object.entries(args)) {
    const prop = isJsonObject(props[key]) ? props[key] : {};
    let next: JsonValue | undefined;
    if (Array.isArray(prop.enum)) next = prop.enum.find((v) => v !== value);
    else if (typeof value === 'number')
      next = typeof prop.maximum === 'number' && value + 1 > prop.maximum ? value - 1 : value + 1;
    else if (typeof value === 'boolean') next = !value;
    else if (typeof value === 'string') next = `${value}-other`;
    if (next !== undefined) return { ...args, [key]: next };
  }
  return null;
}

/** Answers for every request of a round: forms filled, URL consent accepted, a fixed sampling reply, one root. */
export function answersFor(requests: InputRequests): InputResponses {
  const out: InputResponses = {};
  for (const [key, request] of Object.entries(requests)) {
    const params = request.params ?? {};
    switch (classifyInputRequest(request)) {
      case 'elicit-form':
        out[key] = { action: 'accept', content: objectFor(params.requestedSchema, true) };
        break;
      case 'elicit-url':
        out[key] = { action: 'accept' };
        break;
      case 'sampling':
        out[key] = samplingAnswer({ text: 'Audit reply.', model: 'mrtr-inspector-audit', stopReason: 'endTurn' });
        break;
      case 'roots':
        out[key] = rootsAnswer([{ uri: 'file:///tmp/mrtr-audit', name: 'audit' }]);
        break;
      default:
        out[key] = {};
    }
  }
  return out;
}

/** The same answers with every elicitation replaced by `action` (decline / cancel); null when nothing elicits. */
export function withElicitations(
  requests: InputRequests,
  answers: InputResponses,
  action: 'decline' | 'cancel',
): InputResponses | null {
  const out = { ...answers };
  let any = false;
  for (const [key, request] of Object.entries(requests)) {
    const kind = classifyInputRequest(request);
    if (kind === 'elicit-form' || kind === 'elicit-url') {
      out[key] = { action };
      any = true;
    }
  }
  return any ? out : null;
}
