import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeBase64, detectBase64, encodeBase64Url } from './base64.ts';

describe('base64', () => {
  it('matches Node when encoding base64url and decodes back to the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = encodeBase64Url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64url'));
        expect(decodeBase64(text)).toEqual(bytes);
        expect(decodeBase64(Buffer.from(bytes).toString('base64'))).toEqual(bytes);
      }),
    );
  });

  it('names the alphabet when the token uses url or standard characters', () => {
    expect(detectBase64('ab-_')).toBe('base64url');
    expect(detectBase64('ab+/')).toBe('base64');
    expect(detectBase64('abcd')).toBe('either');
    expect(detectBase64('ab+_')).toBeNull();
    expect(detectBase64('abcde')).toBeNull();
    expect(detectBase64('ab=')).toBeNull();
    expect(detectBase64('has space')).toBeNull();
  });
});
