import { describe, expect, it } from 'vitest';
import { groupDigits, plural } from './text.ts';

describe('groupDigits', () => {
  it('writes digit groups as en-US Intl does when given integers', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1048576, 32000000, -4096, Number.MAX_SAFE_INTEGER]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('keeps the fraction ungrouped when given a decimal', () => {
    expect(groupDigits(1234.5)).toBe('1,234.5');
    expect(groupDigits(0.25)).toBe('0.25');
  });

  it('leaves non-finite numbers as they print when given NaN or Infinity', () => {
    expect(groupDigits(NaN)).toBe('NaN');
    expect(groupDigits(Infinity)).toBe('Infinity');
  });
});

describe('plural', () => {
  it('adds an s when the count is not one', () => {
    expect(plural(1, 'leg')).toBe('1 leg');
    expect(plural(3, 'leg')).toBe('3 legs');
  });
});
