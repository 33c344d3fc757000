/**
 * What the best-effort decoders say about a requestState token. Every view is a guess: the spec makes the token
 * opaque, and a server may use any format. Views carry structured data for code and flat `fields` for display.
 */
import type { JsonValue } from '../types.ts';

export type Confidence = 'high' | 'medium' | 'low';

export interface DecodedField {
  name: string;
  /** Always plain text (render as text, never HTML). */
  value: string;
}

export interface ExpiryInfo {
  /** The `exp` claim as sent, in Unix seconds. */
  unixSeconds: number;
  /** null when the number is outside the Date range. */
  date: Date | null;
  iso: string | null;
  /** `exp - floor(now / 1000)`; negative once expired. */
  secondsRemaining: number;
  expired: boolean;
}

interface ViewBase {
  label: string;
  confidence: Confidence;
  fields: DecodedField[];
  /** Anything odd the decoder noticed (bad MAC length, trailing bits, invalid JSON...). */
  notes: string[];
}

/** The TypeScript SDK's `createRequestStateCodec` format: `v1.<b64url JSON {p,exp,b?}>.<b64url HMAC-SHA256>`. */
export interface V1SignedView extends ViewBase {
  kind: 'v1-signed';
  /** The parsed envelope `{p, exp, b?}`, or null when the body did not decode to JSON. */
  envelope: JsonValue | null;
  /** `envelope.p`; undefined when absent. */
  payload: JsonValue | undefined;
  exp: ExpiryInfo | null;
  bindTag: string | null;
  macHex: string;
  macByteLength: number;
}

export interface JwtView extends ViewBase {
  kind: 'jwt';
  header: JsonValue;
  claims: JsonValue | null;
  alg: string | null;
  exp: ExpiryInfo | null;
  signatureHex: string;
}

export interface JsonView extends ViewBase {
  kind: 'json';
  value: JsonValue;
  /** Where the JSON was found: the raw token or its base64 decoding. */
  source: 'raw' | 'base64';
  exp: ExpiryInfo | null;
}

export interface Base64View extends ViewBase {
  kind: 'base64';
  variant: 'base64' | 'base64url' | 'either';
  byteLength: number;
  /** The decoded bytes as UTF-8 text when valid and mostly printable, else null. */
  text: string | null;
}

export interface OpaqueView extends ViewBase {
  kind: 'opaque';
  charLength: number;
  byteLength: number;
  /** Shannon entropy of the bytes analysed (the base64 decoding when the token is base64), bits per byte. */
  entropyBitsPerByte: number;
  /** Entropy near the maximum for the sample size: looks encrypted (e.g. AES-GCM sealed) or random. */
  looksRandom: boolean;
  analysedBytes: 'token' | 'base64-decoded' | 'hex-decoded';
}

export type DecodedView = V1SignedView | JwtView | JsonView | Base64View | OpaqueView;

/** The expiry a view carries, if any. */
export function viewExpiry(view: DecodedView): ExpiryInfo | null {
  return 'exp' in view ? view.exp : null;
}
