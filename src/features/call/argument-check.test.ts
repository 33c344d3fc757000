import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { argumentProblems, checkedSchema, warmArgumentCheck } from './argument-check.ts';

const schema: RJSFSchema = {
  type: 'object',
  properties: { city: { type: 'string' }, nights: { type: 'integer', maximum: 14 } },
  required: ['city'],
};

describe('argumentProblems', () => {
  it('names the missing argument when a required one is empty', () => {
    expect(argumentProblems(schema, {})).toEqual(['city is required']);
  });

  it('explains a value the schema refuses when it breaks a bound', () => {
    expect(argumentProblems(schema, { city: 'Oslo', nights: 20 })).toEqual(['nights must be <= 14']);
  });

  it('checks the keywords when the schema names draft 2020-12', () => {
    const dialect = { ...schema, $schema: 'https://json-schema.org/draft/2020-12/schema' };
    expect(argumentProblems(dialect, {})).toEqual(['city is required']);
  });

  it('finds nothing when the arguments are valid', () => {
    expect(argumentProblems(schema, { city: 'Oslo', nights: 2 })).toEqual([]);
  });

  it('still refuses the arguments when the schema itself cannot be compiled', () => {
    const broken = { type: 'object', properties: { nights: { type: 'integr' } } } as unknown as RJSFSchema;
    expect(argumentProblems(broken, { nights: 1 })).toEqual(['the arguments is invalid']);
  });

  it('hands ajv the same schema object for the same schema text when the tool is called again', () => {
    const dialect = 'https://json-schema.org/draft/2020-12/schema';
    const first = checkedSchema({ ...schema, $schema: dialect });
    expect(checkedSchema(structuredClone({ ...schema, $schema: dialect }))).toBe(first);
    expect(first).not.toHaveProperty('$schema');
    expect(checkedSchema({ ...schema, required: [] })).not.toBe(first);
  });

  it('warms a schema ahead of the Call: the check that follows answers the same, broken schemas included', () => {
    const fresh: RJSFSchema = {
      ...schema,
      properties: { ...schema.properties, guests: { type: 'integer', minimum: 1 } },
    };
    warmArgumentCheck(structuredClone(fresh));
    expect(argumentProblems(fresh, { city: 'Oslo', guests: 0 })).toEqual(['guests must be >= 1']);
    const broken = { type: 'object', properties: { n: { type: 'nummber' } } } as unknown as RJSFSchema;
    expect(() => warmArgumentCheck(broken)).not.toThrow();
    expect(argumentProblems(broken, { n: 1 })).toEqual(['the arguments is invalid']);
  });
});
