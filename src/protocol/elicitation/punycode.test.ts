import { describe, expect, it } from 'vitest';
import { decodePunycode, hostToUnicode, isMixedScript, scriptsOf } from './punycode.ts';

describe('punycode', () => {
  it.each([
    ['pple-43d', 'аpple'],
    ['mnchen-3ya', 'münchen'],
    ['wgv71a119e', '日本語'],
    ['bcher-kva', 'bücher'],
  ])('decodes %s when given a valid label body', (input, expected) => {
    expect(decodePunycode(input)).toBe(expected);
  });

  it('matches URL parsing round trip when given a Unicode host', () => {
    const host = new URL('https://аpple.com/').hostname;
    expect(hostToUnicode(host)).toBe('аpple.com');
  });

  it('keeps labels as they are when the punycode is malformed', () => {
    expect(hostToUnicode('xn--a-!.xn--99999999999.example')).toBe('xn--a-!.xn--99999999999.example');
  });

  it('detects mixed scripts when a label mixes Cyrillic and Latin but not when mixing Latin and Han', () => {
    expect([...scriptsOf('аpple')].sort()).toEqual(['Cyrillic', 'Latin']);
    expect(isMixedScript('аpple')).toBe(true);
    expect(isMixedScript('münchen-2')).toBe(false);
    expect(isMixedScript('abc日本')).toBe(false);
    expect(isMixedScript('παypal')).toBe(true);
  });
});
