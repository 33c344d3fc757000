import { describe, expect, it } from 'vitest';
import { parseHeaderLines } from './header-lines.ts';

describe('parseHeaderLines', () => {
  it('reads name: value lines, skipping blank lines and a trailing CR', () => {
    expect(parseHeaderLines('X-One: 1\r\n\nX-Two:  two words ')).toEqual({
      ok: true,
      headers: [
        ['X-One', '1'],
        ['X-Two', 'two words'],
      ],
    });
  });

  it('names the line of a line without a colon, a bad name, or a value with control characters', () => {
    expect(parseHeaderLines('X-One: 1\nnot a header')).toEqual({
      ok: false,
      line: 2,
      error: 'line 2: expected "Name: value", got "not a header"',
    });
    expect(parseHeaderLines('Bad Name: 1')).toMatchObject({ error: 'line 1: "Bad Name" is not a valid header name' });
    expect(parseHeaderLines('X: a\u0000b')).toMatchObject({ ok: false, error: expect.stringContaining('line 1') });
  });

  it('refuses a header given twice unless repeats are allowed', () => {
    expect(parseHeaderLines('X: 1\nx: 2')).toEqual({ ok: false, line: 2, error: 'line 2: x is given twice' });
    expect(parseHeaderLines('Set-Cookie: a=1\nSet-Cookie: b=2', { repeats: 'allow' })).toMatchObject({ ok: true });
  });

  it('reads lines already split (the command line)', () => {
    expect(parseHeaderLines(['A: 1', 'B: 2'])).toMatchObject({
      ok: true,
      headers: [
        ['A', '1'],
        ['B', '2'],
      ],
    });
  });
});
