import { isJsonObject, type JsonValue } from '../types.ts';
import { decodeBase64 } from './base64.ts';
import type { Confidence, DecodedField, V1SignedView } from './decoded-view.ts';
import { expiryFrom, flattenFields, jsonText } from './expiry.ts';
import { bytesToHex, clip, parseJsonOrNull, utf8OrNull } from './decode-util.ts';

const V1_PREFIX = 'v1.';
const V1_MAC_BYTES = 32;

/** Segment bounds of a v1 token (`[start, end)` of body and MAC), as the SDK splits it (last dot). */
export function v1Segments(token: string): { body: [number, number]; mac: [number, number] } | null {
  if (!token.startsWith(V1_PREFIX)) return null;
  const dot = token.lastIndexOf('.');
  if (dot <= 3) return null;
  return { body: [3, dot], mac: [dot + 1, token.length] };
}

/**
 * Decode the TypeScript SDK's signed requestState (`createRequestStateCodec`). The MAC cannot be checked without the
 * server's key; only its shape is reported. Returns null when the token does not start with `v1.`.
 */
export function decodeV1(token: string, now: number): V1SignedView | null {
  if (!token.startsWith(V1_PREFIX)) return null;
  const notes: string[] = [];
  const seg = v1Segments(token);
  const bodyText = seg ? token.slice(seg.body[0], seg.body[1]) : token.slice(3);
  const macText = seg ? token.slice(seg.mac[0], seg.mac[1]) : '';
  if (!seg) notes.push('No MAC segment: the SDK rejects this as malformed.');

  const bodyBytes = decodeBase64(bodyText);
  if (!bodyBytes) notes.push('Body segment is not valid base64url.');
  const bodyJson = bodyBytes ? utf8OrNull(bodyBytes) : null;
  if (bodyBytes && bodyJson === null) notes.push('Body bytes are not valid UTF-8.');
  const envelope: JsonValue | undefined = bodyJson !== null ? parseJsonOrNull(bodyJson) : undefined;
  if (bodyJson !== null && envelope === undefined) notes.push('Body is not valid JSON.');
  const env = isJsonObject(envelope) ? envelope : null;
  if (envelope !== undefined && !env) notes.push('Body JSON is not an object {p, exp, b?}.');

  const payload = env ? env.p : undefined;
  const exp = env ? expiryFrom(env.exp, now) : null;
  if (env && !exp) notes.push('No numeric "exp": the SDK rejects this as expired.');
  if (exp?.expired) notes.push('exp is in the past: the SDK rejects this as expired.');
  const bindTag = env && typeof env.b === 'string' ? env.b : null;

  const macBytes = seg ? decodeBase64(macText) : null;
  if (seg && !macBytes) notes.push('MAC segment is not valid base64url.');
  const macByteLength = macBytes ? macBytes.length : 0;
  if (macBytes && macByteLength !== V1_MAC_BYTES) {
    notes.push(`MAC is ${macByteLength} bytes; HMAC-SHA256 gives ${V1_MAC_BYTES}.`);
  }
  notes.push('The MAC cannot be verified here: only the server holds the key.');

  const fields: DecodedField[] = [];
  if (env) fields.push(...flattenFields('p', payload).map((f) => ({ name: f.name, value: clip(f.value) })));
  if (exp) {
    fields.push({ name: 'exp', value: `${exp.unixSeconds} (${exp.iso ?? 'out of Date range'})` });
  }
  if (bindTag !== null) fields.push({ name: 'b (bind tag)', value: clip(bindTag) });
  if (env) {
    for (const k of Object.keys(env)) {
      if (k !== 'p' && k !== 'exp' && k !== 'b') fields.push({ name: `extra: ${k}`, value: clip(jsonText(env[k])) });
    }
  }
  if (macBytes) fields.push({ name: 'MAC (HMAC-SHA256?)', value: bytesToHex(macBytes, 64) });

  const confidence: Confidence =
    env && exp && macByteLength === V1_MAC_BYTES ? 'high' : env || macBytes ? 'medium' : 'low';
  // classified by what decodes, not by the prefix: a v1. token whose body is no JSON is sealed (the Python SDK's
  // AES-GCM tokens are `v1.<kid, nonce, ciphertext>`), and nothing in it is readable
  if (!env) notes.unshift('The body does not decode to JSON: a sealed (encrypted) token, not a signed one.');
  return {
    kind: 'v1-signed',
    label: env
      ? 'TypeScript SDK signed state (v1, HMAC-SHA256)'
      : 'v1 token with no readable body (sealed, e.g. AES-GCM)',
    confidence,
    fields,
    notes,
    envelope: env ?? null,
    payload,
    exp,
    bindTag,
    macHex: macBytes ? bytesToHex(macBytes) : '',
    macByteLength,
  };
}
