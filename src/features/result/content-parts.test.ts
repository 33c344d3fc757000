import { describe, expect, it } from 'vitest';
import { base64Size, formatSize, metaNotes, utf8Size } from './content-parts.tsx';

describe('content size helpers', () => {
  it.each([
    ['', 0],
    ['QQ==', 1],
    ['QUI=', 2],
    ['QUJD', 3],
    ['QUJD\nREVG', 6],
  ])('counts decoded bytes when the base64 payload is %j', (data, bytes) => {
    expect(base64Size(data)).toBe(bytes);
  });

  it('counts UTF-8 bytes rather than UTF-16 units when text has non-ASCII characters', () => {
    expect(utf8Size('abc')).toBe(3);
    expect(utf8Size('é')).toBe(2);
    expect(utf8Size('😀')).toBe(4);
  });

  it.each([
    [1, '1 byte'],
    [0, '0 bytes'],
    [1023, '1023 bytes'],
    [2048, '2.0 KiB (2048 bytes)'],
    [5 * 1024 * 1024, '5.0 MiB (5242880 bytes)'],
  ])('formats %d bytes as %j', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });

  it('keeps only string _meta entries other than serverInfo when a result carries notes', () => {
    expect(
      metaNotes({
        _meta: { 'io.modelcontextprotocol/serverInfo': 'x', note: 'waiting', count: 3, nested: { a: 'b' } },
      }),
    ).toEqual([['note', 'waiting']]);
    expect(metaNotes({})).toEqual([]);
  });
});
