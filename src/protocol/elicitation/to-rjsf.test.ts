import { describe, expect, it } from 'vitest';
import { isMultiSelect, isSelect, optionsList } from '@rjsf/utils';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { JsonObject } from '../types.ts';
import { fieldKind, toElicitContent, toRjsf } from './to-rjsf.ts';

const one = (prop: JsonObject, required?: string[]) =>
  toRjsf({ type: 'object', properties: { f: prop }, ...(required ? { required } : {}) });
const propOf = (spec: { schema: JsonObject }) => (spec.schema.properties as JsonObject).f as RJSFSchema;

describe('toRjsf', () => {
  it.each([
    [{ type: 'string' }, 'text', 'text'],
    [{ type: 'string', format: 'email' }, 'email', 'email'],
    [{ type: 'string', format: 'uri' }, 'uri', 'uri'],
    [{ type: 'string', format: 'date' }, 'date', 'date'],
    [{ type: 'string', format: 'date-time' }, 'date-time', 'datetime'],
    [{ type: 'integer' }, 'number', 'updown'],
    [{ type: 'boolean' }, 'boolean', 'checkbox'],
    [{ type: 'string', enum: ['a'] }, 'single-select', 'select'],
    [{ type: 'array', items: { type: 'string', enum: ['a'] } }, 'multi-select', 'checkboxes'],
  ] as [JsonObject, string, string][])('picks a proper widget when the property is %j', (prop, kind, widget) => {
    expect(fieldKind(prop)).toBe(kind);
    expect(one(prop).uiSchema.f).toEqual({ 'ui:widget': widget });
  });

  it('rewrites legacy enumNames into oneOf const/title when the server sends the legacy form', () => {
    const spec = one({ type: 'string', title: 'Region', enum: ['us', 'eu'], enumNames: ['US East', 'EU West'] });
    const prop = propOf(spec);
    expect(prop).toEqual({
      type: 'string',
      title: 'Region',
      oneOf: [
        { const: 'us', title: 'US East' },
        { const: 'eu', title: 'EU West' },
      ],
    });
    expect(isSelect(validator, prop)).toBe(true);
    expect(optionsList(prop)?.map((o) => o.label)).toEqual(['US East', 'EU West']);
  });

  it('keeps titled oneOf selects as they are when the server sends the standard form', () => {
    const prop = propOf(one({ type: 'string', oneOf: [{ const: 'r', title: 'Red' }] }));
    expect(isSelect(validator, prop)).toBe(true);
    expect(optionsList(prop)).toEqual([expect.objectContaining({ label: 'Red', value: 'r' })]);
  });

  it('makes titled and untitled multi selects recognisable to rjsf when converting arrays', () => {
    const titled = propOf(one({ type: 'array', items: { anyOf: [{ const: 'r', title: 'Red' }] }, maxItems: 2 }));
    expect(titled).toEqual({
      type: 'array',
      uniqueItems: true,
      maxItems: 2,
      items: { type: 'string', anyOf: [{ const: 'r', title: 'Red' }] },
    });
    expect(isMultiSelect(validator, titled)).toBe(true);
    const plain = propOf(one({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } }));
    expect(isMultiSelect(validator, plain)).toBe(true);
  });

  it('pre-fills defaults and starts booleans at false when the schema gives defaults', () => {
    const spec = toRjsf({
      type: 'object',
      properties: {
        name: { type: 'string', default: 'orders' },
        size: { type: 'integer', default: 3 },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['b'] },
        confirm: { type: 'boolean' },
        notes: { type: 'string' },
      },
      required: ['name'],
    });
    expect(spec.formData).toEqual({ name: 'orders', size: 3, tags: ['b'], confirm: false });
    expect(spec.schema.required).toEqual(['name']);
    expect(spec.uiSchema['ui:order']).toEqual(['name', 'size', 'tags', 'confirm', 'notes']);
    expect(validator.isValid(spec.schema as RJSFSchema, spec.formData, spec.schema as RJSFSchema)).toBe(true);
  });

  it('drops $schema and vendor annotations when building the rendered copy', () => {
    const spec = toRjsf({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { f: { type: 'string', 'x-secret': true, examples: ['e'], description: 'kept' } },
    });
    expect(spec.schema).toEqual({ type: 'object', properties: { f: { type: 'string', description: 'kept' } } });
  });

  it('lets ajv refuse values outside the constraints when validating the converted schema', () => {
    const spec = one({ type: 'string', format: 'email' }, ['f']);
    const schema = spec.schema as RJSFSchema;
    expect(validator.isValid(schema, { f: 'not-an-email' }, schema)).toBe(false);
    expect(validator.isValid(schema, { f: 'a@b.example' }, schema)).toBe(true);
    expect(validator.isValid(schema, {}, schema)).toBe(false);
  });
});

describe('toElicitContent', () => {
  it('keeps only schema properties with answer-shaped values when given rjsf form data', () => {
    const schema = { type: 'object', properties: { a: {}, b: {}, c: {}, d: {}, e: {} } };
    expect(toElicitContent({ a: 'x', b: 2, c: false, d: ['p', 3], e: undefined, extra: 'z' }, schema)).toEqual({
      a: 'x',
      b: 2,
      c: false,
      d: ['p'],
    });
    expect(toElicitContent(null, schema)).toEqual({});
  });
});
