/**
 * The byte model of a requestState token.
 *
 * A token on the wire is a JSON string, so it is always *text*. Its bytes are its UTF-8 encoding (`TextEncoder`).
 * Edits (bit flips, truncation) work on those bytes, but the composer must send a STRING, and a JSON
 * string cannot carry a byte sequence that is not valid UTF-8. So the decision here is:
 *
 * - the byte-level function (`flipBitBytes`) is exact and lossless (a flip followed by the same flip restores the bytes);
 * - turning bytes back into a token (`fromBytes`, `tokenFromBytes`, and the string-level editors built on them) is
 *   lossless when the bytes are valid UTF-8 and otherwise replaces each invalid sequence with U+FFFD (bytes EF BF BD),
 *   which is exactly what would reach the server. `tokenFromBytes` reports that loss as `lossy: true` so a UI can flag
 *   it.
 * - `toBytes` of a string holding a lone UTF-16 surrogate also yields EF BF BD for it (TextEncoder's rule).
 *
 * Out-of-range indexes and bits are ignored (the input comes back unchanged) rather than throwing.
 */

const encoder = new TextEncoder();
const lenientDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
const strictDecoder = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });

export function toBytes(token: string): Uint8Array {
  return encoder.encode(token);
}

/** Decode UTF-8 bytes to a string; invalid sequences become U+FFFD (lossy only then). A leading BOM is kept. */
export function fromBytes(bytes: Uint8Array): string {
  return lenientDecoder.decode(bytes);
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strictDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export interface TokenFromBytes {
  /** The string that would be sent. */
  token: string;
  /** True when the bytes were not valid UTF-8, so `toBytes(token)` differs from the bytes given. */
  lossy: boolean;
}

export function tokenFromBytes(bytes: Uint8Array): TokenFromBytes {
  const valid = isValidUtf8(bytes);
  return { token: fromBytes(bytes), lossy: !valid };
}

function validBit(bit: number): boolean {
  return Number.isInteger(bit) && bit >= 0 && bit <= 7;
}

function validIndex(bytes: Uint8Array, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < bytes.length;
}

/** A copy of `bytes` with bit `bit` (0 = lowest) of byte `index` inverted. */
export function flipBitBytes(bytes: Uint8Array, index: number, bit: number): Uint8Array {
  const out = bytes.slice();
  if (!validIndex(bytes, index) || !validBit(bit)) return out;
  out[index] = (out[index] ?? 0) ^ (1 << bit);
  return out;
}

/** The first `length` bytes (a copy). Negative lengths count as 0. */
function truncateBytes(bytes: Uint8Array, length: number): Uint8Array {
  const n = Number.isFinite(length) ? Math.max(0, Math.floor(length)) : bytes.length;
  return bytes.slice(0, Math.min(n, bytes.length));
}

/** Flip one bit of the token's UTF-8 bytes. Lossy (U+FFFD) when the result is not valid UTF-8; see the module doc. */
export function flipBit(token: string, byteIndex: number, bit: number): string {
  return fromBytes(flipBitBytes(toBytes(token), byteIndex, bit));
}

/** Keep the first `length` UTF-8 bytes. Cutting inside a multi-byte character leaves U+FFFD in its place. */
export function truncate(token: string, length: number): string {
  return fromBytes(truncateBytes(toBytes(token), length));
}

export function append(token: string, text: string): string {
  return token + text;
}
