/** Strict base64 / base64url codecs that return null instead of throwing. */

const STD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  LOOKUP[STD.charCodeAt(i)] = i;
  LOOKUP[URL.charCodeAt(i)] = i;
}

export type Base64Variant = 'base64' | 'base64url' | 'either';

/** The 6-bit value of a base64 or base64url character, or -1. */
export function base64CharValue(ch: string): number {
  const c = ch.charCodeAt(0);
  return c < 128 ? (LOOKUP[c] ?? -1) : -1;
}

/** The character for a 6-bit value in the given alphabet. */
export function base64Char(value: number, url: boolean): string {
  return (url ? URL : STD)[value & 63] ?? 'A';
}

/**
 * Which alphabet a string uses, or null when it is not base64 at all: standard (`+/`, `=` padding to a multiple of 4),
 * url (`-_`, padding optional), or `either` when it holds only letters and digits. Length 1 mod 4 is never valid.
 */
export function detectBase64(text: string): Base64Variant | null {
  if (text.length === 0) return null;
  const m = /^([A-Za-z0-9+/_-]*)(={0,2})$/.exec(text);
  if (!m) return null;
  const body = m[1] ?? '';
  const pad = m[2] ?? '';
  const hasStd = /[+/]/.test(body);
  const hasUrl = /[-_]/.test(body);
  if (hasStd && hasUrl) return null;
  if (body.length % 4 === 1) return null;
  if (pad.length > 0 && (body.length + pad.length) % 4 !== 0) return null;
  if (hasStd) return 'base64';
  if (hasUrl) return 'base64url';
  return 'either';
}

/** Decode base64 or base64url (padding optional; unused trailing bits ignored; '' is 0 bytes). Null when malformed. */
export function decodeBase64(text: string): Uint8Array | null {
  if (text === '') return new Uint8Array(0);
  if (detectBase64(text) === null) return null;
  const body = text.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((body.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < body.length; i++) {
    const v = base64CharValue(body.charAt(i));
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

export function encodeBase64Url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += base64Char(n >> 18, true) + base64Char(n >> 12, true) + base64Char(n >> 6, true) + base64Char(n, true);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] ?? 0) << 16;
    out += base64Char(n >> 18, true) + base64Char(n >> 12, true);
  } else if (rest === 2) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8);
    out += base64Char(n >> 18, true) + base64Char(n >> 12, true) + base64Char(n >> 6, true);
  }
  return out;
}
