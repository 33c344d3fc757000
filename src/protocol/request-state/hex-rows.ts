/** Wireshark-style hex + ASCII rows. Build only the rows on screen with `hexRowsSlice` for large tokens. */

export interface HexRow {
  /** Byte offset of the first byte in this row. */
  offset: number;
  /** Two lower-case hex digits per byte. */
  hex: string[];
  /** One character per byte: printable ASCII as itself, anything else as '.'. */
  ascii: string;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function byteHex(value: number): string {
  return HEX[value & 0xff] ?? '00';
}

function asciiChar(value: number): string {
  return value >= 0x20 && value <= 0x7e ? String.fromCharCode(value) : '.';
}

export function rowCount(byteLength: number, width = 16): number {
  const w = Math.max(1, Math.floor(width));
  return Math.ceil(byteLength / w);
}

/** Rows `firstRow .. firstRow + count - 1` only: O(count * width), whatever the total length. */
export function hexRowsSlice(bytes: Uint8Array, firstRow: number, count: number, width = 16): HexRow[] {
  const w = Math.max(1, Math.floor(width));
  const total = rowCount(bytes.length, w);
  const start = Math.max(0, Math.floor(firstRow));
  const end = Math.min(total, start + Math.max(0, Math.floor(count)));
  const rows: HexRow[] = [];
  for (let r = start; r < end; r++) {
    const offset = r * w;
    const hex: string[] = [];
    let ascii = '';
    for (let i = offset; i < Math.min(offset + w, bytes.length); i++) {
      const b = bytes[i] ?? 0;
      hex.push(byteHex(b));
      ascii += asciiChar(b);
    }
    rows.push({ offset, hex, ascii });
  }
  return rows;
}
