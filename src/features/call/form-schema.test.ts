import { describe, expect, it } from 'vitest';
import { formSchema } from './form-schema.ts';

describe('formSchema (SEP-2106: no network $ref dereference)', () => {
  it('replaces a network $ref with a placeholder that names it when a property points at a URL', () => {
    const out = formSchema({
      type: 'object',
      $defs: { userId: { type: 'string' } },
      properties: { id: { $ref: '#/$defs/userId' }, profile: { $ref: 'http://x.test/p.json', title: 'Profile' } },
    });
    expect(out.properties?.id).toEqual({ $ref: '#/$defs/userId' });
    expect(out.properties?.profile).toEqual({
      title: 'Profile',
      description: 'Not loaded: $ref http://x.test/p.json. The inspector never fetches a schema from the network.',
    });
  });

  it('leaves data keywords alone when they contain a $ref-looking object', () => {
    const schema = { type: 'object', default: { $ref: 'http://x.test' } };
    expect(formSchema(schema)).toEqual(schema);
  });
});
