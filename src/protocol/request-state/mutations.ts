/**
 * Tamper mutations for the tamper matrix. Each `apply` works on the token it is given (not a captured one), so a
 * mutation can be re-applied to a fresher token. `null` from `apply` means "omit the requestState field".
 */
import { base64Char, base64CharValue, detectBase64 } from './base64.ts';
import { flipBit, toBytes, truncate } from './bytes.ts';
import type { DecodedView } from './decoded-view.ts';
import { viewExpiry } from './decoded-view.ts';
import { jwtSegments } from './decode-jwt.ts';
import { v1Segments } from './decode-v1.ts';

export interface Mutation {
  id: string;
  label: string;
  description: string;
  apply: (token: string) => string | null;
}

const EXPECTED = 'A verifying server answers -32602 "Invalid or expired requestState".';

/**
 * Flip the lowest of the 6 bits of one base64 character inside `[start, end)`, so the token keeps only valid
 * alphabet characters. The character picked is the middle one, never the last (whose low bits may be padding).
 * Falls back to a byte bit flip when that character is not base64.
 */
function flipBase64CharIn(token: string, start: number, end: number): string {
  const len = end - start;
  if (len <= 0) return token;
  const index = start + (len >= 2 ? Math.min(Math.floor(len / 2), len - 2) : 0);
  const ch = token.charAt(index);
  const value = base64CharValue(ch);
  if (value < 0) return flipBit(token, toBytes(token.slice(0, index)).length, 0);
  const segment = token.slice(start, end);
  const url = /[-_]/.test(segment) || !/[+/]/.test(segment);
  return token.slice(0, index) + base64Char(value ^ 1, url) + token.slice(index + 1);
}

/** Flip a bit in the payload part: the v1 body, the JWT claims, a base64 token, or bit 0 of the middle byte. */
export function flipPayload(token: string): string {
  const v1 = v1Segments(token);
  if (v1) return flipBase64CharIn(token, v1.body[0], v1.body[1]);
  const jwt = jwtSegments(token);
  if (jwt?.[1]) return flipBase64CharIn(token, jwt[1][0], jwt[1][1]);
  if (detectBase64(token)) return flipBase64CharIn(token, 0, token.replace(/=+$/, '').length);
  const bytes = toBytes(token);
  if (bytes.length === 0) return token;
  return flipBit(token, Math.floor(bytes.length / 2), 0);
}

/**
 * Flip a bit in the MAC / signature segment (v1 or JWT). A token with no such segment (a sealed `v1.` token is one
 * base64 run with the tag at its end) gets a bit flipped in the next-to-last base64 character: the last one may carry
 * only padding bits, which a lenient decoder ignores, so flipping it could leave the token's bytes (and its seal) as they
 * were. Otherwise bit 0 of the last byte.
 */
export function flipMac(token: string): string {
  const v1 = v1Segments(token);
  if (v1) return flipBase64CharIn(token, v1.mac[0], v1.mac[1]);
  const jwt = jwtSegments(token);
  if (jwt?.[2] && jwt[2][1] > jwt[2][0]) return flipBase64CharIn(token, jwt[2][0], jwt[2][1]);
  const end = token.replace(/=+$/, '').length;
  if (end >= 2 && base64CharValue(token.charAt(end - 2)) >= 0 && base64CharValue(token.charAt(end - 1)) >= 0)
    return flipBase64CharIn(token, end - 2, end);
  const bytes = toBytes(token);
  return bytes.length === 0 ? token : flipBit(token, bytes.length - 1, 0);
}

function hasMac(decoded: readonly DecodedView[]): boolean {
  return decoded.some((v) => v.kind === 'v1-signed' || (v.kind === 'jwt' && v.signatureHex.length > 0));
}

/** The standard tamper set for a token, chosen from what the decoders found in it. */
export function standardMutations(token: string, decoded: readonly DecodedView[]): Mutation[] {
  const list: Mutation[] = [];
  if (token.length > 0) {
    list.push({
      id: 'flip-payload',
      label: 'Flip a payload bit',
      description: `Invert one bit of the payload (base64 characters stay valid). ${EXPECTED}`,
      apply: flipPayload,
    });
  }
  if (hasMac(decoded)) {
    list.push({
      id: 'flip-mac',
      label: 'Flip a MAC bit',
      description: `Invert one bit of the MAC / signature segment. ${EXPECTED}`,
      apply: flipMac,
    });
  }
  if (token.length > 1) {
    list.push({
      id: 'truncate-half',
      label: 'Truncate to half',
      description: `Keep the first half of the UTF-8 bytes. ${EXPECTED}`,
      apply: (t) => truncate(t, Math.floor(toBytes(t).length / 2)),
    });
  }
  list.push(
    {
      id: 'empty',
      label: 'Empty string',
      description: `Send requestState as "". ${EXPECTED}`,
      apply: () => '',
    },
    {
      id: 'drop',
      label: 'Drop requestState',
      description:
        'Omit the field. The server should treat the retry as a fresh call (re-ask) or reject it; it must not resume.',
      apply: () => null,
    },
  );
  if (decoded.some((v) => viewExpiry(v) !== null)) {
    list.push({
      id: 'expired-replay',
      label: 'Replay after expiry',
      description: `Resend the unchanged token once its exp has passed (the caller waits). ${EXPECTED}`,
      apply: (t) => t,
    });
  }
  return list;
}
