import { encodeBase64Url } from './base64.ts';
import { decodeV1 } from './decode-v1.ts';
import { toBytes } from './bytes.ts';
import { isJsonObject } from '../types.ts';

/**
 * Make up a requestState the server never minted (a forgery). When the original is a v1 signed token, the forgery
 * keeps its payload and bind tag, pushes exp one hour past `now` (ms) and signs with random bytes: a correct server
 * rejects it on the MAC. Otherwise: 32 random bytes as base64url. `randomBytes` is injected for tests.
 */
export function inventRequestState(
  original: string | null,
  now: number,
  randomBytes: (length: number) => Uint8Array,
): string {
  const v1 = original !== null ? decodeV1(original, now) : null;
  if (isJsonObject(v1?.envelope)) {
    const envelope = { ...v1.envelope, exp: Math.floor(now / 1000) + 3600 };
    const body = encodeBase64Url(toBytes(JSON.stringify(envelope)));
    return `v1.${body}.${encodeBase64Url(randomBytes(32))}`;
  }
  return encodeBase64Url(randomBytes(32));
}

/** Browser / Node 20 random source for `inventRequestState`. */
export function cryptoRandomBytes(length: number): Uint8Array {
  const out = new Uint8Array(Math.max(0, Math.floor(length)));
  globalThis.crypto.getRandomValues(out);
  return out;
}
