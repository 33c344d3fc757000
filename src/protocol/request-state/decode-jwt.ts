import { isJsonObject, type JsonValue } from '../types.ts';
import { decodeBase64 } from './base64.ts';
import type { Confidence, DecodedField, JwtView } from './decoded-view.ts';
import { expiryFrom, flattenFields } from './expiry.ts';
import { bytesToHex, clip, parseJsonOrNull, utf8OrNull } from './decode-util.ts';

function segmentJson(segment: string): JsonValue | undefined {
  const bytes = decodeBase64(segment);
  if (!bytes) return undefined;
  const text = utf8OrNull(bytes);
  return text === null ? undefined : parseJsonOrNull(text);
}

/** Segment bounds `[start, end)` of a compact JWS: header, payload, signature. Null unless exactly three parts. */
export function jwtSegments(token: string): [number, number][] | null {
  const first = token.indexOf('.');
  const second = first < 0 ? -1 : token.indexOf('.', first + 1);
  if (first <= 0 || second < 0 || token.indexOf('.', second + 1) >= 0) return null;
  return [
    [0, first],
    [first + 1, second],
    [second + 1, token.length],
  ];
}

/** Decode a compact JWT (JWS). The signature is not verified. Null unless the header is a JSON object with "alg". */
export function decodeJwt(token: string, now: number): JwtView | null {
  const seg = jwtSegments(token);
  if (!seg) return null;
  const [h, p, s] = seg;
  if (!h || !p || !s) return null;
  const header = segmentJson(token.slice(h[0], h[1]));
  if (!isJsonObject(header) || typeof header.alg !== 'string') return null;
  const notes: string[] = [];
  const claimsRaw = segmentJson(token.slice(p[0], p[1]));
  const claims = claimsRaw === undefined ? null : claimsRaw;
  if (claims === null) notes.push('Payload segment is not base64url JSON (maybe encrypted or detached).');
  const exp = isJsonObject(claims) ? expiryFrom(claims.exp, now) : null;
  if (exp?.expired) notes.push('exp is in the past.');
  const sigBytes = decodeBase64(token.slice(s[0], s[1]));
  const alg = header.alg;
  if (alg.toLowerCase() === 'none') notes.push('alg "none": unsigned, anyone can forge it.');
  if (!sigBytes && s[1] > s[0]) notes.push('Signature segment is not valid base64url.');
  notes.push('The signature cannot be verified here.');

  const fields: DecodedField[] = [
    ...flattenFields('header', header),
    ...(claims !== null ? flattenFields('claims', claims) : []),
  ].map((f) => ({ name: f.name, value: clip(f.value) }));
  if (exp) fields.push({ name: 'exp', value: `${exp.unixSeconds} (${exp.iso ?? 'out of Date range'})` });
  fields.push({ name: 'signature', value: sigBytes ? bytesToHex(sigBytes, 64) : '(none)' });

  const confidence: Confidence = claims !== null ? 'high' : 'medium';
  return {
    kind: 'jwt',
    label: `JWT (${clip(alg, 40)})`,
    confidence,
    fields,
    notes,
    header,
    claims,
    alg,
    exp,
    signatureHex: sigBytes ? bytesToHex(sigBytes) : '',
  };
}
