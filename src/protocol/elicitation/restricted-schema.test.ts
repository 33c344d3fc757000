import { describe, expect, it } from 'vitest';
import { checkRestrictedSchema } from './restricted-schema.ts';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('checkRestrictedSchema', () => {
  it.each([
    ['plain string with constraints', { type: 'string', title: 'Name', minLength: 1, maxLength: 20, default: 'x' }],
    ['string formats', { type: 'string', format: 'date-time' }],
    ['number', { type: 'number', minimum: 0, maximum: 10, default: 3.5 }],
    ['integer', { type: 'integer', default: 3 }],
    ['boolean', { type: 'boolean', default: true }],
    ['untitled single select', { type: 'string', enum: ['a', 'b'], default: 'a' }],
    ['titled single select', { type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'a' }],
    ['legacy enumNames', { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] }],
    [
      'untitled multi select',
      { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['a', 'b'] }, default: ['a'] },
    ],
    ['titled multi select', { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } }],
    ['annotation keywords', { type: 'string', description: 'd', examples: ['x'], 'x-ui': 1, $comment: 'c' }],
  ])('accepts a %s property when it follows the grammar', (_, prop) => {
    expect(
      checkRestrictedSchema(
        obj({ f: prop }, { required: ['f'], $schema: 'https://json-schema.org/draft/2020-12/schema' }),
      ),
    ).toEqual({
      ok: true,
      problems: [],
    });
  });

  it.each([
    ['nested object', { type: 'object', properties: {} }, '/properties/f/type', /nested objects/],
    ['$ref', { $ref: '#/defs/x' }, '/properties/f/$ref', /\$ref/],
    ['unknown keyword', { type: 'string', pattern: '^a' }, '/properties/f/pattern', /"pattern"/],
    ['bad format', { type: 'string', format: 'hostname' }, '/properties/f/format', /hostname/],
    [
      'enumNames length mismatch',
      { type: 'string', enum: ['a', 'b'], enumNames: ['A'] },
      '/properties/f/enumNames',
      /1 entries but enum has 2/,
    ],
    ['non-string enum', { type: 'string', enum: [1, 2] }, '/properties/f/enum', /array of strings/],
    ['default outside enum', { type: 'string', enum: ['a'], default: 'z' }, '/properties/f/default', /not one of/],
    ['wrongly typed default', { type: 'boolean', default: 'yes' }, '/properties/f/default', /must be a boolean/],
    [
      'untitled oneOf option',
      { type: 'string', oneOf: [{ const: 'a' }] },
      '/properties/f/oneOf/0',
      /const: string, title: string/,
    ],
    ['array of objects', { type: 'array', items: { type: 'object' } }, '/properties/f/items/type', /"string"/],
    ['array without items', { type: 'array' }, '/properties/f/items', /multi select needs items/],
    ['unknown type', { type: 'null' }, '/properties/f/type', /not one of/],
    ['minimum above maximum', { type: 'number', minimum: 5, maximum: 1 }, '/properties/f/minimum', /greater than/],
    ['fractional integer default', { type: 'integer', default: 1.5 }, '/properties/f/default', /not an integer/],
    [
      'enum and oneOf together',
      { type: 'string', enum: ['a'], oneOf: [{ const: 'a', title: 'A' }] },
      '/properties/f',
      /either enum or oneOf/,
    ],
  ])('flags %s when the property breaks the grammar', (_, prop, path, message) => {
    const report = checkRestrictedSchema(obj({ f: prop }));
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it('flags the root when it is not an object schema', () => {
    expect(checkRestrictedSchema([]).problems).toEqual([
      { path: '', message: 'requestedSchema must be an object, got an array' },
    ]);
    const report = checkRestrictedSchema({ type: 'array', properties: 3, additionalProperties: false });
    expect(report.problems.map((p) => p.path)).toEqual(['/additionalProperties', '/type', '/properties']);
  });

  it('flags required entries when they name no property', () => {
    const report = checkRestrictedSchema(obj({ a: { type: 'string' } }, { required: ['a', 'ghost'] }));
    expect(report.problems).toEqual([
      { path: '/required/1', message: 'required lists "ghost", which is not a property' },
    ]);
  });

  it('escapes property names in the path when they contain slashes', () => {
    const report = checkRestrictedSchema(obj({ 'a/b~c': { type: 'object' } }));
    expect(report.problems[0]?.path).toBe('/properties/a~1b~0c/type');
  });
});
