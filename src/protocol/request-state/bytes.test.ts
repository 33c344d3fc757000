import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { append, flipBit, flipBitBytes, fromBytes, isValidUtf8, toBytes, tokenFromBytes, truncate } from './bytes.ts';

const bytesWithIndex = fc
  .uint8Array({ minLength: 1, maxLength: 256 })
  .chain((bytes) => fc.tuple(fc.constant(bytes), fc.nat({ max: bytes.length - 1 }), fc.integer({ min: 0, max: 7 })));

describe('byte model', () => {
  it('restores the original bytes when the same bit is flipped twice', () => {
    fc.assert(
      fc.property(bytesWithIndex, ([bytes, index, bit]) => {
        const once = flipBitBytes(bytes, index, bit);
        expect(once[index]).not.toBe(bytes[index]);
        expect(flipBitBytes(once, index, bit)).toEqual(bytes);
      }),
    );
  });

  it('restores an ASCII token when a low bit (0-6) is flipped twice through the string API', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'abcXYZ019-_.{}"'.split('')), minLength: 1, maxLength: 64 }),
        fc.nat(),
        fc.integer({ min: 0, max: 6 }),
        (token, n, bit) => {
          const i = n % token.length;
          const flipped = flipBit(token, i, bit);
          expect(flipped).not.toBe(token);
          expect(flipBit(flipped, i, bit)).toBe(token);
        },
      ),
    );
  });

  it('round-trips any valid string through toBytes and fromBytes when it has no lone surrogates', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(fromBytes(toBytes(s))).toBe(s);
      }),
    );
  });

  it('keeps a leading byte-order mark when decoding', () => {
    expect(fromBytes(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toBe('\ufeffa');
  });

  it('flags the result as lossy when a flip breaks UTF-8', () => {
    const bytes = flipBitBytes(toBytes('abc'), 1, 7);
    expect(isValidUtf8(bytes)).toBe(false);
    const result = tokenFromBytes(bytes);
    expect(result.lossy).toBe(true);
    expect(result.token).toBe('a\ufffdc');
    expect(tokenFromBytes(toBytes('abc')).lossy).toBe(false);
  });

  it('ignores a bit flip outside the bytes or the byte', () => {
    expect(flipBit('abc', -1, 0)).toBe('abc');
    expect(flipBit('abc', 0, 8)).toBe('abc');
  });

  it('truncates by UTF-8 bytes and leaves U+FFFD when cutting inside a character', () => {
    expect(truncate('abcdef', 3)).toBe('abc');
    expect(truncate('abc', 10)).toBe('abc');
    expect(truncate('abc', -4)).toBe('');
    expect(truncate('aé', 2)).toBe('a\ufffd');
  });

  it('appends text at the end when asked to append', () => {
    expect(append('v1.abc', '==')).toBe('v1.abc==');
  });
});
