import type { JsonValue } from '../types.ts';
import { byteHex } from './hex-rows.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Strict UTF-8 decode, null when invalid. */
export function utf8OrNull(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

export function parseJsonOrNull(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** Hex digits of the first `max` bytes, with an ellipsis and total when longer. */
export function bytesToHex(bytes: Uint8Array, max = Infinity): string {
  const n = Math.min(bytes.length, max);
  let out = '';
  for (let i = 0; i < n; i++) out += byteHex(bytes[i] ?? 0);
  return n < bytes.length ? `${out}… (${bytes.length} bytes)` : out;
}

const MAX_FIELD_CHARS = 2000;

/** Keep display strings short enough for the DOM; a 1 MiB payload is summarised. */
export function clip(text: string, max = MAX_FIELD_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** Share of characters that are printable (tab, newline and anything from space up, except DEL and C1 controls). */
export function printableRatio(text: string): number {
  if (text.length === 0) return 1;
  let printable = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13 || (c >= 0x20 && c !== 0x7f && !(c >= 0x80 && c < 0xa0) && c !== 0xfffd)) {
      printable++;
    }
  }
  return printable / text.length;
}
