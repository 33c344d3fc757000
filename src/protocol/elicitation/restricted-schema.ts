import { isJsonObject } from '../types.ts';
/**
 * Checks an elicitation `requestedSchema` against the restricted JSON Schema subset of MCP 2026-07-28
 * (mrtr-wire.md section 4, spec `ElicitRequestFormParams.requestedSchema` / `PrimitiveSchemaDefinition`).
 *
 * Annotation-only keywords (`title`, `description`, `$comment`, `examples`, `deprecated`, `readOnly`, `writeOnly`,
 * `x-*`) are tolerated everywhere, as the official TypeScript SDK does; every other keyword outside the grammar is a
 * problem, because a client cannot honour a constraint it does not know.
 */

export interface SchemaProblem {
  /** JSON Pointer into the schema, e.g. `/properties/region/enumNames`; `` (empty) for the root. */
  path: string;
  message: string;
}

export interface RestrictedSchemaReport {
  ok: boolean;
  problems: SchemaProblem[];
}

const STRING_FORMATS = ['email', 'uri', 'date', 'date-time'] as const;

const ANNOTATION_KEYWORDS = new Set([
  'title',
  'description',
  '$comment',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** True for keywords that only annotate (never constrain) a schema. */
function isAnnotationKeyword(key: string): boolean {
  return ANNOTATION_KEYWORDS.has(key) || key.startsWith('x-');
}

const ROOT_KEYS = new Set(['$schema', 'type', 'properties', 'required']);
const PLAIN_STRING_KEYS = new Set(['type', 'minLength', 'maxLength', 'format', 'default']);
const ENUM_STRING_KEYS = new Set(['type', 'enum', 'enumNames', 'default']);
const ONEOF_STRING_KEYS = new Set(['type', 'oneOf', 'default']);
const NUMBER_KEYS = new Set(['type', 'minimum', 'maximum', 'default']);
const BOOLEAN_KEYS = new Set(['type', 'default']);
const ARRAY_KEYS = new Set(['type', 'minItems', 'maxItems', 'items', 'default']);

type Obj = Record<string, unknown>;

const REF_MESSAGE = '$ref is not allowed: the schema must be self-contained';

function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function child(base: string, key: string | number): string {
  return base + pointer(key);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

class Collector {
  readonly problems: SchemaProblem[] = [];
  add(path: string, message: string): void {
    this.problems.push({ path, message });
  }
}

function checkKeys(node: Obj, allowed: Set<string>, base: string, kind: string, out: Collector): void {
  for (const key of Object.keys(node)) {
    if (allowed.has(key) || isAnnotationKeyword(key)) continue;
    if (key === '$ref') out.add(child(base, key), REF_MESSAGE);
    else out.add(child(base, key), `keyword "${key}" is not allowed in a ${kind} property`);
  }
  for (const key of ['title', 'description'] as const) {
    if (key in node && typeof node[key] !== 'string') {
      out.add(child(base, key), `${key} must be a string, got ${describe(node[key])}`);
    }
  }
}

function checkNonNegativeInt(node: Obj, key: string, base: string, out: Collector): void {
  if (!(key in node)) return;
  const v = node[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
    out.add(`${base}/${key}`, `${key} must be a non-negative integer, got ${describe(v)}`);
  }
}

function checkMinMax(node: Obj, minKey: string, maxKey: string, base: string, out: Collector): void {
  const min = node[minKey];
  const max = node[maxKey];
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    out.add(`${base}/${minKey}`, `${minKey} (${min}) is greater than ${maxKey} (${max})`);
  }
}

/** Validates a `[{const, title}]` list; returns the const values it found. */
function checkTitledOptions(list: unknown, path: string, out: Collector): string[] {
  if (!Array.isArray(list) || list.length === 0) {
    out.add(path, 'must be a non-empty array of {const, title} options');
    return [];
  }
  const values: string[] = [];
  list.forEach((opt, i) => {
    if (!isJsonObject(opt) || typeof opt.const !== 'string' || typeof opt.title !== 'string') {
      out.add(`${path}/${i}`, 'each option must be {const: string, title: string}');
      return;
    }
    for (const key of Object.keys(opt)) {
      if (key !== 'const' && key !== 'title' && !isAnnotationKeyword(key)) {
        out.add(child(`${path}/${i}`, key), `keyword "${key}" is not allowed in an option`);
      }
    }
    values.push(opt.const);
  });
  return values;
}

function checkStringEnum(list: unknown, path: string, out: Collector): string[] {
  if (!Array.isArray(list) || list.length === 0 || !list.every((v) => typeof v === 'string')) {
    out.add(path, 'enum must be a non-empty array of strings');
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
  }
  return list;
}

function checkDefaultIn(node: Obj, values: string[], base: string, out: Collector): void {
  if (!('default' in node)) return;
  const d = node.default;
  if (typeof d !== 'string') out.add(`${base}/default`, `default must be a string, got ${describe(d)}`);
  else if (values.length > 0 && !values.includes(d))
    out.add(`${base}/default`, `default "${d}" is not one of the options`);
}

function checkString(node: Obj, base: string, out: Collector): void {
  if ('enum' in node && 'oneOf' in node) {
    out.add(base, 'a single select must use either enum or oneOf, not both');
  }
  if ('enum' in node) {
    checkKeys(node, ENUM_STRING_KEYS, base, 'single select (enum)', out);
    const values = checkStringEnum(node.enum, `${base}/enum`, out);
    if ('enumNames' in node) {
      const names = node.enumNames;
      if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
        out.add(`${base}/enumNames`, 'enumNames must be an array of strings');
      } else if (Array.isArray(node.enum) && names.length !== node.enum.length) {
        out.add(`${base}/enumNames`, `enumNames has ${names.length} entries but enum has ${node.enum.length}`);
      }
    }
    checkDefaultIn(node, values, base, out);
    return;
  }
  if ('oneOf' in node) {
    checkKeys(node, ONEOF_STRING_KEYS, base, 'single select (oneOf)', out);
    checkDefaultIn(node, checkTitledOptions(node.oneOf, `${base}/oneOf`, out), base, out);
    return;
  }
  checkKeys(node, PLAIN_STRING_KEYS, base, 'string', out);
  checkNonNegativeInt(node, 'minLength', base, out);
  checkNonNegativeInt(node, 'maxLength', base, out);
  checkMinMax(node, 'minLength', 'maxLength', base, out);
  if ('format' in node && !(STRING_FORMATS as readonly unknown[]).includes(node.format)) {
    out.add(`${base}/format`, `format ${describe(node.format)} is not one of ${STRING_FORMATS.join(', ')}`);
  }
  if ('default' in node && typeof node.default !== 'string') {
    out.add(`${base}/default`, `default must be a string, got ${describe(node.default)}`);
  }
}

function checkNumber(node: Obj, base: string, out: Collector): void {
  checkKeys(node, NUMBER_KEYS, base, String(node.type), out);
  for (const key of ['minimum', 'maximum', 'default'] as const) {
    if (key in node && (typeof node[key] !== 'number' || !Number.isFinite(node[key]))) {
      out.add(`${base}/${key}`, `${key} must be a number, got ${describe(node[key])}`);
    }
  }
  checkMinMax(node, 'minimum', 'maximum', base, out);
  if (node.type === 'integer' && typeof node.default === 'number' && !Number.isInteger(node.default)) {
    out.add(`${base}/default`, `default ${node.default} is not an integer`);
  }
}

function checkArray(node: Obj, base: string, out: Collector): void {
  checkKeys(node, ARRAY_KEYS, base, 'multi select (array)', out);
  checkNonNegativeInt(node, 'minItems', base, out);
  checkNonNegativeInt(node, 'maxItems', base, out);
  checkMinMax(node, 'minItems', 'maxItems', base, out);
  const items = node.items;
  let values: string[] = [];
  if (!isJsonObject(items)) {
    out.add(`${base}/items`, 'a multi select needs items {type:"string", enum:[...]} or {anyOf:[{const, title}]}');
  } else if ('$ref' in items) {
    out.add(`${base}/items/$ref`, REF_MESSAGE);
  } else if ('anyOf' in items) {
    for (const key of Object.keys(items)) {
      if (key !== 'anyOf' && key !== 'type' && !isAnnotationKeyword(key)) {
        out.add(child(`${base}/items`, key), `keyword "${key}" is not allowed in multi select items`);
      }
    }
    if ('type' in items && items.type !== 'string') out.add(`${base}/items/type`, 'items type must be "string"');
    values = checkTitledOptions(items.anyOf, `${base}/items/anyOf`, out);
  } else {
    for (const key of Object.keys(items)) {
      if (key !== 'enum' && key !== 'type' && !isAnnotationKeyword(key)) {
        out.add(child(`${base}/items`, key), `keyword "${key}" is not allowed in multi select items`);
      }
    }
    if (items.type !== 'string') out.add(`${base}/items/type`, 'items type must be "string"');
    values = checkStringEnum(items.enum, `${base}/items/enum`, out);
  }
  if ('default' in node) {
    const d = node.default;
    if (!Array.isArray(d) || !d.every((v) => typeof v === 'string')) {
      out.add(`${base}/default`, `default must be an array of strings, got ${describe(d)}`);
    } else {
      for (const v of d)
        if (values.length > 0 && !values.includes(v))
          out.add(`${base}/default`, `default "${v}" is not one of the options`);
    }
  }
}

function checkProperty(name: string, node: unknown, out: Collector): void {
  const base = pointer('properties', name);
  if (!isJsonObject(node)) {
    out.add(base, `property must be a schema object, got ${describe(node)}`);
    return;
  }
  if ('$ref' in node) {
    out.add(`${base}/$ref`, REF_MESSAGE);
    return;
  }
  switch (node.type) {
    case 'string':
      return checkString(node, base, out);
    case 'number':
    case 'integer':
      return checkNumber(node, base, out);
    case 'boolean':
      checkKeys(node, BOOLEAN_KEYS, base, 'boolean', out);
      return checkBooleanDefault(node, base, out);
    case 'array':
      return checkArray(node, base, out);
    case 'object':
      return out.add(`${base}/type`, 'nested objects are not allowed: properties must be flat primitives');
    default:
      out.add(`${base}/type`, `type ${describe(node.type)} is not one of string, number, integer, boolean, array`);
  }
}

function checkBooleanDefault(node: Obj, base: string, out: Collector): void {
  if ('default' in node && typeof node.default !== 'boolean') {
    out.add(`${base}/default`, `default must be a boolean, got ${describe(node.default)}`);
  }
}

/** Checks `schema` against the restricted elicitation subset; `ok` is true only when there are no problems. */
export function checkRestrictedSchema(schema: unknown): RestrictedSchemaReport {
  const out = new Collector();
  if (!isJsonObject(schema)) {
    out.add('', `requestedSchema must be an object, got ${describe(schema)}`);
    return { ok: false, problems: out.problems };
  }
  for (const key of Object.keys(schema)) {
    if (ROOT_KEYS.has(key) || isAnnotationKeyword(key)) continue;
    out.add(pointer(key), key === '$ref' ? REF_MESSAGE : `keyword "${key}" is not allowed at the root`);
  }
  if (schema.type !== 'object') out.add('/type', `type must be "object", got ${describe(schema.type)}`);
  const props = schema.properties;
  if (!isJsonObject(props)) {
    out.add('/properties', `properties must be an object, got ${describe(props)}`);
  } else {
    for (const [name, node] of Object.entries(props)) checkProperty(name, node, out);
  }
  if ('required' in schema) {
    const req = schema.required;
    if (!Array.isArray(req) || !req.every((r) => typeof r === 'string')) {
      out.add('/required', 'required must be an array of property names');
    } else if (isJsonObject(props)) {
      req.forEach((r, i) => {
        if (!Object.hasOwn(props, r)) out.add(`/required/${i}`, `required lists "${r}", which is not a property`);
      });
    }
  }
  return { ok: out.problems.length === 0, problems: out.problems };
}
