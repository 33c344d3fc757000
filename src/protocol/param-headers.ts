import { isJsonObject, type JsonObject, type JsonValue } from './types.ts';

/**
 * `x-mcp-header` (SEP-2243, 2026-07-28 basic/transports "Custom headers from tool parameters" and server/tools
 * "x-mcp-header"): a tool's inputSchema may declare that an argument is mirrored into an `Mcp-Param-<Name>` header.
 * The declaration is valid only on a `string`, `integer` or `boolean` property reachable through a chain of
 * `properties` from the root (never on the root itself, nor under `items`, `oneOf`, `not`, `if`/`then`/`else`, `$defs`,
 * `contains`, `dependentSchemas`, …: every position the SDKs sweep); the name is a non-empty RFC
 * 9110 token, unique case-insensitively within the tool. A tool with any invalid declaration MUST NOT be called.
 */
export interface ParamHeaderDeclaration {
  /** the property path, dot-joined for display (`region`, `target.zone`) */
  argument: string;
  /** the property path from the arguments object */
  path: string[];
  /** header suffix: sent as `Mcp-Param-<header>` */
  header: string;
  /** the declared JSON Schema type */
  type: 'string' | 'integer' | 'boolean';
}

export interface InvalidParamHeader {
  argument: string;
  reason: string;
}

/** RFC 9110 section 5.6.2 `token` = 1*tchar. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/**
 * Keywords whose subschemas are not a fixed path of the arguments object: a declaration anywhere under one of them
 * makes the tool invalid (the same sweep as the SDKs' static-reachability check; `$ref` targets live in `$defs`).
 */
const NOT_A_PATH = [
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'patternProperties',
  'dependentSchemas',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
];

/** Every `x-mcp-header` anywhere under `schema` (for subtrees where any declaration is misplaced). */
function declarationsUnder(schema: JsonValue | undefined, at: string, out: InvalidParamHeader[], why: string): void {
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => declarationsUnder(s, `${at}[${i}]`, out, why));
    return;
  }
  if (!isJsonObject(schema)) return;
  if (Object.hasOwn(schema, 'x-mcp-header')) out.push({ argument: at, reason: why });
  for (const [k, v] of Object.entries(schema)) declarationsUnder(v, `${at}.${k}`, out, why);
}

function describeType(type: JsonValue | undefined): string {
  return type === undefined ? 'an untyped property' : `type ${JSON.stringify(type)}`;
}

function walk(
  schema: JsonObject,
  path: string[],
  valid: ParamHeaderDeclaration[],
  invalid: InvalidParamHeader[],
  seen: Map<string, string>,
): void {
  const at = path.join('.') || '(root)';
  for (const keyword of NOT_A_PATH) {
    if (schema[keyword] !== undefined) {
      const why = `x-mcp-header is not allowed under ${keyword} (only along a chain of properties)`;
      declarationsUnder(schema[keyword], `${at}.${keyword}`, invalid, why);
    }
  }
  const props = schema.properties;
  if (!isJsonObject(props)) return;
  for (const [name, sub] of Object.entries(props)) {
    if (!isJsonObject(sub)) continue;
    const subPath = [...path, name];
    const argument = subPath.join('.');
    if (Object.hasOwn(sub, 'x-mcp-header')) {
      const declared = sub['x-mcp-header'];
      if (typeof declared !== 'string' || !TOKEN.test(declared)) {
        invalid.push({
          argument,
          reason: `x-mcp-header must be a non-empty header token (RFC 9110 tchar), got ${JSON.stringify(declared)}`,
        });
      } else if (typeof sub.type !== 'string' || !PRIMITIVE.has(sub.type)) {
        invalid.push({
          argument,
          reason: `x-mcp-header is allowed only on string, integer or boolean properties, not ${describeType(sub.type)}`,
        });
      } else if (seen.has(declared.toLowerCase())) {
        invalid.push({
          argument,
          reason: `duplicate x-mcp-header name "${declared}" (also on ${seen.get(declared.toLowerCase())})`,
        });
      } else {
        seen.set(declared.toLowerCase(), argument);
        valid.push({ argument, path: subPath, header: declared, type: sub.type as ParamHeaderDeclaration['type'] });
      }
    }
    walk(sub, subPath, valid, invalid, seen);
  }
}

/** Reads the `x-mcp-header` declarations of a tool inputSchema; invalid ones are returned with the reason. */
export function paramHeaderDeclarations(inputSchema: JsonObject | undefined): {
  valid: ParamHeaderDeclaration[];
  invalid: InvalidParamHeader[];
} {
  const valid: ParamHeaderDeclaration[] = [];
  const invalid: InvalidParamHeader[] = [];
  if (!isJsonObject(inputSchema)) return { valid, invalid };
  // the root is the arguments object itself, not one argument: there is no value to mirror
  if (Object.hasOwn(inputSchema, 'x-mcp-header'))
    invalid.push({ argument: '(root)', reason: 'x-mcp-header is not allowed on the schema root (only on a property)' });
  walk(inputSchema, [], valid, invalid, new Map());
  return { valid, invalid };
}

/** The sentence shown for a tool that must not be called (undefined when its declarations are fine). */
export function invalidToolReason(inputSchema: JsonObject | undefined): string | undefined {
  const { invalid } = paramHeaderDeclarations(inputSchema);
  if (invalid.length === 0) return undefined;
  const list = invalid.map((i) => `${i.argument}: ${i.reason}`).join('; ');
  return `This tool declares an invalid x-mcp-header (${list}). The spec says clients must not call it.`;
}

/** The argument at `path`, or undefined. */
export function valueAt(args: JsonObject, path: readonly string[]): JsonValue | undefined {
  let cur: JsonValue | undefined = args;
  for (const key of path) {
    if (!isJsonObject(cur) || !Object.hasOwn(cur, key)) return undefined;
    cur = cur[key];
  }
  return cur;
}
