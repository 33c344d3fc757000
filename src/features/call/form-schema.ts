import type { RJSFSchema } from '@rjsf/utils';

/**
 * The schema the arguments form renders. A `$ref` that is not a same-document pointer (`#/…`) is replaced by an
 * explanatory, untyped placeholder: the inspector never fetches a schema from the network (SEP-2106: clients MUST NOT
 * automatically dereference network `$ref`s), and the form library would otherwise throw on the unresolvable ref.
 * The tool's own inputSchema is not changed: it is what the timeline and the headers use.
 */
export function formSchema(schema: unknown): RJSFSchema {
  return rewrite(schema) as RJSFSchema;
}

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (typeof node !== 'object' || node === null) return node;
  const obj = node as Record<string, unknown>;
  const ref = obj.$ref;
  if (typeof ref === 'string' && !ref.startsWith('#')) {
    const out: Record<string, unknown> = {
      description: `Not loaded: $ref ${ref}. The inspector never fetches a schema from the network.`,
    };
    if (typeof obj.title === 'string') out.title = obj.title;
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    // `default`, `const`, `enum` and `examples` hold data, not subschemas
    out[k] = k === 'default' || k === 'const' || k === 'enum' || k === 'examples' ? v : rewrite(v);
  }
  return out;
}
