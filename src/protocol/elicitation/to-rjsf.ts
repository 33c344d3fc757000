/**
 * Maps a restricted elicitation `requestedSchema` (already accepted by `checkRestrictedSchema`) to what
 * react-jsonschema-form needs: a schema rjsf renders natively, a uiSchema choosing proper widgets, and the form data
 * to start from (server defaults pre-filled). Pure: no rjsf import, only plain JSON.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../types.ts';
import {} from './restricted-schema.ts';

export interface RjsfFormSpec {
  /** A draft-07 compatible object schema rjsf can render and ajv can validate. */
  schema: JsonObject;
  /** One entry per property: `ui:widget` and friends. */
  uiSchema: JsonObject;
  /** Initial form data: each property's `default`; booleans without a default start as `false`. */
  formData: JsonObject;
}

/** The widget each restricted kind is rendered with. */
export type FieldKind =
  'text' | 'email' | 'uri' | 'date' | 'date-time' | 'number' | 'boolean' | 'single-select' | 'multi-select';

/** Keywords rjsf would act on but that mean nothing for an answer; dropped from the rendered copy. */
const DROPPED_ANNOTATIONS = new Set(['$comment', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

function stripAnnotations(node: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED_ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    out[key] = value;
  }
  return out;
}

/** Classifies one restricted property by the widget it needs. */
export function fieldKind(prop: JsonObject): FieldKind {
  switch (prop.type) {
    case 'array':
      return 'multi-select';
    case 'boolean':
      return 'boolean';
    case 'number':
    case 'integer':
      return 'number';
    default:
      if ('enum' in prop || 'oneOf' in prop) return 'single-select';
      if (prop.format === 'email' || prop.format === 'uri' || prop.format === 'date' || prop.format === 'date-time') {
        return prop.format;
      }
      return 'text';
  }
}

function toOptions(values: JsonValue[], names: JsonValue[] | undefined): JsonObject[] {
  return values.map((v, i) => {
    const name = names?.[i];
    return { const: v, title: typeof name === 'string' ? name : String(v) };
  });
}

function convertProperty(prop: JsonObject): JsonObject {
  const out = stripAnnotations(prop);
  const kind = fieldKind(prop);
  if (kind === 'single-select' && Array.isArray(prop.enum) && Array.isArray(prop.enumNames)) {
    // Legacy titled enum: rjsf 6 no longer reads enumNames; oneOf const/title is the standard equivalent.
    out.oneOf = toOptions(prop.enum, prop.enumNames);
    delete out.enum;
    delete out.enumNames;
  } else if (kind === 'multi-select' && isJsonObject(prop.items)) {
    // rjsf treats an array as a multi select only when it has uniqueItems and its items are a select.
    out.uniqueItems = true;
    const items = prop.items as JsonObject;
    out.items = Array.isArray(items.anyOf)
      ? { type: 'string', anyOf: items.anyOf }
      : { type: 'string', enum: Array.isArray(items.enum) ? items.enum : [] };
  }
  return out;
}

function uiFor(kind: FieldKind): JsonObject {
  switch (kind) {
    case 'email':
      return { 'ui:widget': 'email' };
    case 'uri':
      return { 'ui:widget': 'uri' };
    case 'date':
      return { 'ui:widget': 'date' };
    case 'date-time':
      return { 'ui:widget': 'datetime' };
    case 'number':
      return { 'ui:widget': 'updown' };
    case 'boolean':
      return { 'ui:widget': 'checkbox' };
    case 'single-select':
      return { 'ui:widget': 'select' };
    case 'multi-select':
      return { 'ui:widget': 'checkboxes' };
    case 'text':
      return { 'ui:widget': 'text' };
  }
}

/** Builds the rjsf schema, uiSchema and initial form data for a restricted `requestedSchema`. */
export function toRjsf(requestedSchema: JsonObject): RjsfFormSpec {
  const props = isJsonObject(requestedSchema.properties) ? (requestedSchema.properties as JsonObject) : {};
  const properties: JsonObject = {};
  const uiSchema: JsonObject = {};
  const formData: JsonObject = {};
  const order: string[] = [];
  for (const [name, raw] of Object.entries(props)) {
    if (!isJsonObject(raw)) continue;
    const prop = raw as JsonObject;
    const kind = fieldKind(prop);
    properties[name] = convertProperty(prop);
    uiSchema[name] = uiFor(kind);
    order.push(name);
    if (prop.default !== undefined) formData[name] = prop.default;
    else if (kind === 'boolean') formData[name] = false;
  }
  uiSchema['ui:order'] = order;
  const schema: JsonObject = { type: 'object', properties };
  if (Array.isArray(requestedSchema.required)) schema.required = requestedSchema.required;
  return { schema, uiSchema, formData };
}

/**
 * Keeps only the answer-shaped part of rjsf form data: known properties whose value is a string, number, boolean or
 * string[] (rjsf leaves `undefined` for cleared fields).
 */
export function toElicitContent(formData: unknown, requestedSchema: JsonObject): JsonObject {
  const props = isJsonObject(requestedSchema.properties) ? requestedSchema.properties : {};
  const content: JsonObject = {};
  if (!isJsonObject(formData)) return content;
  for (const key of Object.keys(props)) {
    const v = formData[key];
    if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)))
      content[key] = v;
    else if (Array.isArray(v)) content[key] = v.filter((x): x is string => typeof x === 'string');
  }
  return content;
}
