import { describe, expect, it } from 'vitest';
import { encodeHeaderValue, requestHeaders } from './headers.ts';
import { invalidToolReason, paramHeaderDeclarations } from './param-headers.ts';
import type { JsonObject } from './types.ts';

/** 2026-07-28 basic/transports "Custom headers from tool parameters" / "Value encoding"; server/tools "x-mcp-header". */
const schemaWith = (properties: JsonObject): JsonObject => ({ type: 'object', properties });

function headersFor(inputSchema: JsonObject, args: JsonObject): Record<string, string> {
  const body = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: { name: 't', arguments: args } };
  return Object.fromEntries(requestHeaders(body, { inputSchema }));
}

describe('x-mcp-header declarations (server/tools x-mcp-header)', () => {
  it('accepts string, integer and boolean properties when the name is an RFC 9110 token', () => {
    const { valid, invalid } = paramHeaderDeclarations(
      schemaWith({
        a: { type: 'string', 'x-mcp-header': 'Tenant_ID' },
        b: { type: 'integer', 'x-mcp-header': "x!#$%&'*+-.^_`|~9" },
        c: { type: 'boolean', 'x-mcp-header': 'Flag' },
      }),
    );
    expect(invalid).toEqual([]);
    expect(valid.map((v) => v.header)).toEqual(['Tenant_ID', "x!#$%&'*+-.^_`|~9", 'Flag']);
  });

  it.each([
    ['number', { type: 'number' }],
    ['null', { type: 'null' }],
    ['untyped', {}],
    ['array', { type: 'array', items: { type: 'string' } }],
    ['object', { type: 'object' }],
    ['a type list', { type: ['string', 'null'] }],
  ])('rejects a declaration on %s properties', (_label, schema) => {
    const { valid, invalid } = paramHeaderDeclarations(schemaWith({ p: { ...schema, 'x-mcp-header': 'P' } }));
    expect(valid).toEqual([]);
    expect(invalid).toEqual([{ argument: 'p', reason: expect.stringMatching(/only on string, integer or boolean/) }]);
  });

  it.each(['', 'My Region', 'Region:Primary', 'Région', 'Region\t1', 'a/b', 'a@b'])(
    'rejects the header name %j when it is not a token',
    (name) => {
      expect(paramHeaderDeclarations(schemaWith({ p: { type: 'string', 'x-mcp-header': name } })).invalid).toHaveLength(
        1,
      );
    },
  );

  it('rejects a duplicate name case-insensitively', () => {
    const { invalid } = paramHeaderDeclarations(
      schemaWith({
        a: { type: 'string', 'x-mcp-header': 'MyField' },
        b: { type: 'string', 'x-mcp-header': 'myfield' },
      }),
    );
    expect(invalid).toEqual([{ argument: 'b', reason: 'duplicate x-mcp-header name "myfield" (also on a)' }]);
  });

  it('finds declarations along nested properties chains and mirrors the nested value', () => {
    const schema = schemaWith({
      target: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
    });
    expect(paramHeaderDeclarations(schema).valid).toEqual([
      { argument: 'target.zone', path: ['target', 'zone'], header: 'Zone', type: 'string' },
    ]);
    expect(headersFor(schema, { target: { zone: 'eu-1' } })['Mcp-Param-Zone']).toBe('eu-1');
  });

  it.each(['items', 'oneOf', 'anyOf'])('rejects a declaration under %s', (keyword) => {
    const sub = { type: 'string', 'x-mcp-header': 'X' };
    const p = keyword === 'items' ? { type: 'array', items: sub } : { [keyword]: [sub] };
    const { valid, invalid } = paramHeaderDeclarations(schemaWith({ p }));
    expect(valid).toEqual([]);
    expect(invalid[0]?.reason).toMatch(new RegExp(`not allowed under ${keyword}`));
  });

  // every position the SDKs sweep: a declaration there is not on a chain of properties, so the tool is invalid
  const sub = { type: 'string', 'x-mcp-header': 'X' };
  it.each<[string, JsonObject]>([
    ['not', { not: sub }],
    ['if', { if: sub }],
    ['then', { if: { type: 'string' }, then: sub }],
    ['else', { if: { type: 'string' }, else: sub }],
    ['$defs', { $defs: { zone: sub } }],
    ['definitions', { definitions: { zone: sub } }],
    ['contains', { type: 'array', contains: sub }],
    ['prefixItems', { type: 'array', prefixItems: [sub] }],
    ['dependentSchemas', { dependentSchemas: { a: { properties: { b: sub } } } }],
    ['unevaluatedProperties', { unevaluatedProperties: sub }],
    ['unevaluatedItems', { unevaluatedItems: sub }],
    ['propertyNames', { propertyNames: sub }],
    ['patternProperties', { patternProperties: { '^a': sub } }],
    ['additionalProperties', { additionalProperties: sub }],
  ])('rejects a declaration under %s, nested or at the root', (keyword, holder) => {
    const nested = paramHeaderDeclarations(schemaWith({ p: { type: 'object', ...holder } }));
    expect(nested.valid).toEqual([]);
    expect(nested.invalid[0]?.reason).toMatch(
      new RegExp(`not allowed under \\${keyword}|not allowed under ${keyword}`),
    );
    const atRoot = paramHeaderDeclarations({ type: 'object', ...holder });
    expect(atRoot.invalid).toHaveLength(1);
    expect(invalidToolReason({ type: 'object', ...holder })).toMatch(/clients must not call it/);
  });

  it('rejects a declaration on the schema root itself', () => {
    const { valid, invalid } = paramHeaderDeclarations({ type: 'object', 'x-mcp-header': 'Root', properties: {} });
    expect(valid).toEqual([]);
    expect(invalid).toEqual([{ argument: '(root)', reason: expect.stringMatching(/not allowed on the schema root/) }]);
  });

  it('explains why a tool cannot be called when a declaration is invalid', () => {
    expect(invalidToolReason(schemaWith({ score: { type: 'number', 'x-mcp-header': 'Score' } }))).toMatch(
      /^This tool declares an invalid x-mcp-header \(score: .*\)\. The spec says clients must not call it\.$/,
    );
    expect(invalidToolReason(schemaWith({ r: { type: 'string', 'x-mcp-header': 'R' } }))).toBeUndefined();
  });
});

describe('Mcp-Param values (basic/transports Value encoding)', () => {
  it('base64-encodes a plain value that looks like the sentinel', () => {
    const encoded = encodeHeaderValue('=?base64?SGVsbG8=?=');
    expect(encoded).not.toBe('=?base64?SGVsbG8=?=');
    expect(encoded).toBe(`=?base64?${btoa('=?base64?SGVsbG8=?=')}?=`);
  });

  it('omits an integer outside the JavaScript safe range and writes safe integers and booleans plainly', () => {
    const schema = schemaWith({
      big: { type: 'integer', 'x-mcp-header': 'Big' },
      n: { type: 'integer', 'x-mcp-header': 'N' },
      f: { type: 'boolean', 'x-mcp-header': 'F' },
    });
    const h = headersFor(schema, { big: 2 ** 53, n: -42, f: false });
    expect(h).not.toHaveProperty('Mcp-Param-Big');
    expect(h['Mcp-Param-N']).toBe('-42');
    expect(h['Mcp-Param-F']).toBe('false');
  });
});
