import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hexRowsSlice, rowCount, type HexRow } from './hex-rows.ts';

const allRows = (bytes: Uint8Array, width = 16) => hexRowsSlice(bytes, 0, rowCount(bytes.length, width), width);
const bytesOf = (rows: readonly HexRow[]) => Uint8Array.from(rows.flatMap((r) => r.hex.map((h) => parseInt(h, 16))));

describe('hexRowsSlice', () => {
  it('round-trips to the same bytes for any input and width', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.integer({ min: 1, max: 40 }), (bytes, width) => {
        const rows = allRows(bytes, width);
        expect(rows.length).toBe(rowCount(bytes.length, width));
        expect(bytesOf(rows)).toEqual(bytes);
      }),
    );
  });

  it('shows printable ASCII as itself and everything else as a dot when building the ASCII column', () => {
    const rows = allRows(Uint8Array.of(0x41, 0x00, 0x7e, 0x7f, 0xff, 0x20));
    expect(rows).toEqual([{ offset: 0, hex: ['41', '00', '7e', '7f', 'ff', '20'], ascii: 'A.~.. ' }]);
  });

  it('returns exactly the requested rows when slicing a large buffer', () => {
    const big = new Uint8Array(1024 * 1024).map((_, i) => i & 0xff);
    const slice = hexRowsSlice(big, 100, 3);
    expect(slice.map((r) => r.offset)).toEqual([1600, 1616, 1632]);
    expect(slice[0]?.hex[0]).toBe((1600 & 0xff).toString(16).padStart(2, '0'));
    expect(hexRowsSlice(big, 65535, 10)).toHaveLength(1);
  });
});
