import { describe, expect, it } from 'vitest';
import { argumentSummary, cachedArgumentSummary } from './argument-summary.ts';

describe('argumentSummary', () => {
  it('quotes strings and shows numbers and booleans bare when a tool has two arguments', () => {
    expect(argumentSummary({ name: 'provision', arguments: { name: 'db17', size: 3 } })).toBe('name: "db17", size: 3');
    expect(argumentSummary({ name: 't', arguments: { on: true, n: null } })).toBe('on: true, n: null');
  });

  it('shows the first two arguments and an ellipsis when more follow', () => {
    expect(argumentSummary({ name: 't', arguments: { a: 1, b: 2, c: 3 } })).toBe('a: 1, b: 2, …');
  });

  it('folds objects and arrays instead of spelling them out', () => {
    expect(argumentSummary({ arguments: { tags: ['x', 'y'], opts: { deep: { er: 1 } } } })).toBe(
      'tags: […2], opts: {…}',
    );
    expect(argumentSummary({ arguments: { none: [], empty: {} } })).toBe('none: [], empty: {}');
  });

  it('clips the whole to the limit with an ellipsis when a value is long', () => {
    const s = argumentSummary({ arguments: { name: 'x'.repeat(500), size: 3 } });
    expect(s).toHaveLength(40);
    expect(s.startsWith('name: "xxxx')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(argumentSummary({ arguments: { name: 'abcdef' } }, 10)).toBe('name: "ab…');
  });

  it('keeps the summary on one line when a key or value holds newlines', () => {
    expect(argumentSummary({ arguments: { 'a\nb': 'c\nd' } })).toBe('a b: "c\\nd"');
  });

  it('is empty when the call has no arguments or they are not an object', () => {
    expect(argumentSummary({ uri: 'file:///a' })).toBe('');
    expect(argumentSummary({ name: 't', arguments: {} })).toBe('');
    expect(argumentSummary({ name: 't', arguments: ['a'] })).toBe('');
    expect(argumentSummary({ name: 't', arguments: 'a' })).toBe('');
  });

  it('computes once per params object when asked through the cache', () => {
    const params = { name: 't', arguments: { name: 'db1' } };
    expect(cachedArgumentSummary(params)).toBe('name: "db1"');
    params.arguments.name = 'changed';
    expect(cachedArgumentSummary(params)).toBe('name: "db1"');
    expect(cachedArgumentSummary({ ...params })).toBe('name: "changed"');
  });
});
