import { describe, expect, it } from 'vitest';
import { takesNoArguments } from './arguments-editor.tsx';

describe('takesNoArguments', () => {
  it('is true for an object schema without properties', () => {
    expect(takesNoArguments({ type: 'object' })).toBe(true);
    expect(takesNoArguments({ type: 'object', properties: {} })).toBe(true);
    expect(takesNoArguments({})).toBe(true);
  });

  it('is false when there is something a form can show or add', () => {
    expect(takesNoArguments({ type: 'object', properties: { name: { type: 'string' } } })).toBe(false);
    expect(takesNoArguments({ type: 'object', additionalProperties: { type: 'string' } })).toBe(false);
    expect(takesNoArguments({ type: 'object', additionalProperties: true })).toBe(false);
    expect(takesNoArguments({ oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }] })).toBe(false);
    expect(takesNoArguments({ type: 'string' })).toBe(false);
  });
});
