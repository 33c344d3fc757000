import { decodeBase64, detectBase64 } from './base64.ts';
import type { Base64View, OpaqueView } from './decoded-view.ts';
import { normalisedEntropy, shannonEntropy } from './entropy.ts';
import { bytesToHex, clip, printableRatio, utf8OrNull } from './decode-util.ts';
import { toBytes } from './bytes.ts';

/** Report a base64/base64url token. Short tokens whose decoding is not text are skipped (too likely a coincidence). */
export function decodeBase64View(token: string): { view: Base64View; bytes: Uint8Array } | null {
  const variant = detectBase64(token);
  if (!variant) return null;
  const bytes = decodeBase64(token);
  if (!bytes || bytes.length === 0) return null;
  const utf8 = utf8OrNull(bytes);
  const text = utf8 !== null && printableRatio(utf8) > 0.95 ? utf8 : null;
  if (text === null && token.length < 16) return null;
  const notes: string[] = [];
  if (variant === 'either') notes.push('Only letters and digits: base64 and base64url read it the same.');
  const fields = [
    { name: 'alphabet', value: variant === 'either' ? 'base64 / base64url' : variant },
    { name: 'decoded length', value: `${bytes.length} bytes` },
    text !== null ? { name: 'as text', value: clip(text) } : { name: 'hex', value: bytesToHex(bytes, 48) },
  ];
  return {
    view: {
      kind: 'base64',
      label: variant === 'base64' ? 'base64' : variant === 'base64url' ? 'base64url' : 'base64 / base64url',
      confidence: text !== null ? 'medium' : 'low',
      fields,
      notes,
      variant,
      byteLength: bytes.length,
      text,
    },
    bytes,
  };
}

function hexDecode(token: string): Uint8Array | null {
  if (token.length < 32 || token.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(token)) return null;
  const out = new Uint8Array(token.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(token.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Length and entropy of anything. Analyses the base64 or hex decoding when there is one. */
export function opaqueView(token: string, base64Bytes: Uint8Array | null, othersFound: boolean): OpaqueView {
  const tokenBytes = toBytes(token);
  const hex = base64Bytes ? null : hexDecode(token);
  const analysed = base64Bytes ?? hex ?? tokenBytes;
  const analysedBytes: OpaqueView['analysedBytes'] = base64Bytes ? 'base64-decoded' : hex ? 'hex-decoded' : 'token';
  const entropy = shannonEntropy(analysed);
  const looksRandom = analysed.length >= 16 && normalisedEntropy(analysed) >= 0.88;
  const notes: string[] = [];
  if (analysed.length < 16 && analysed.length > 0) notes.push('Too short to judge randomness.');
  if (looksRandom) notes.push('High entropy: looks encrypted (e.g. AES-GCM sealed state) or random.');
  const source =
    analysedBytes === 'token' ? 'token bytes' : analysedBytes === 'hex-decoded' ? 'hex-decoded' : 'base64-decoded';
  return {
    kind: 'opaque',
    label: looksRandom ? 'Opaque: looks encrypted / random' : 'Opaque bytes',
    confidence: othersFound ? 'low' : looksRandom ? 'medium' : 'high',
    fields: [
      { name: 'characters', value: String(token.length) },
      { name: 'UTF-8 bytes', value: String(tokenBytes.length) },
      { name: `entropy (${source}, ${analysed.length} bytes)`, value: `${entropy.toFixed(2)} bits/byte` },
      { name: 'guess', value: looksRandom ? 'looks encrypted/random' : 'structured or too short' },
    ],
    notes,
    charLength: token.length,
    byteLength: tokenBytes.length,
    entropyBitsPerByte: entropy,
    looksRandom,
    analysedBytes,
  };
}
