/**
 * The sealed requestState of the mock's `/seal/*` endpoints, modelled on the Python SDK's seal (`mcp` 2.3.0,
 * `RequestStateSecurity`): what a careful server does, so the audit has something to pass against, and the same code
 * with one protection left out for each failing variant.
 *
 * Token: `v1.` + base64url(kid(4) ‖ nonce(12) ‖ AES-256-GCM ciphertext ‖ tag(16)); the `v1.` prefix and the kid are
 * the GCM additional data. The kid is a fingerprint of the key, so a ring of keys finds the one that sealed a token:
 * `keys[0]` seals, every key unseals (rotation). The sealed plaintext is a claims envelope
 * `{v, iat, exp, m (method), t (tool, prompt or URI), a (argument digest), s (the handler's state), aud?, p?}`:
 * every round re-seals with a fresh `exp`, and a token is refused for another method, target, arguments, audience or
 * principal. Every failure throws a `SealError` whose reason goes to the server log only.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { canonicalJson } from '../state.ts';

class SealError extends Error {}

const PREFIX = 'v1.';
const KID_BYTES = 4;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** a token minted up to this far in the future still verifies (clock skew between instances) */
const FUTURE_SKEW_SECONDS = 60;

export interface KeyRing {
  /** seal with `keys[0]` */
  seal(plaintext: Buffer): string;
  /** open with whichever key of the ring sealed it; throws SealError */
  unseal(token: string): Buffer;
}

interface RingKey {
  kid: Buffer;
  key: Buffer;
}

function deriveKey(secret: Uint8Array | string): RingKey {
  const material = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
  if (material.byteLength === 0) throw new RangeError('a requestState key must not be empty');
  const key = createHmac('sha256', material).update('mrtr-mock/seal/v1/aes-256-gcm').digest();
  const kid = createHash('sha256').update('mrtr-mock/seal/v1/kid:').update(key).digest().subarray(0, KID_BYTES);
  return { kid, key };
}

export function keyRing(secrets: readonly (Uint8Array | string)[]): KeyRing {
  if (!secrets.length) throw new RangeError('a key ring needs at least one key');
  const ring = secrets.map(deriveKey);
  const aad = (kid: Buffer) => Buffer.concat([Buffer.from(PREFIX), kid]);
  return {
    seal(plaintext) {
      const { kid, key } = ring[0]!;
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(aad(kid));
      const sealed = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
      return PREFIX + Buffer.concat([kid, nonce, sealed]).toString('base64url');
    },
    unseal(token) {
      if (!token.startsWith(PREFIX)) throw new SealError('malformed');
      const body = token.slice(PREFIX.length);
      if (!/^[A-Za-z0-9_-]+$/.test(body)) throw new SealError('malformed');
      const raw = Buffer.from(body, 'base64url');
      if (raw.byteLength < KID_BYTES + NONCE_BYTES + TAG_BYTES + 1) throw new SealError('malformed');
      const kid = raw.subarray(0, KID_BYTES);
      const entry = ring.find((k) => k.kid.equals(kid));
      if (!entry) throw new SealError('unknown key');
      const nonce = raw.subarray(KID_BYTES, KID_BYTES + NONCE_BYTES);
      const tag = raw.subarray(raw.byteLength - TAG_BYTES);
      try {
        const decipher = createDecipheriv('aes-256-gcm', entry.key, nonce);
        decipher.setAAD(aad(kid));
        decipher.setAuthTag(tag);
        return Buffer.concat([
          decipher.update(raw.subarray(KID_BYTES + NONCE_BYTES, raw.byteLength - TAG_BYTES)),
          decipher.final(),
        ]);
      } catch {
        throw new SealError('seal');
      }
    },
  };
}

/** What one endpoint's seal binds a token to (a failing variant leaves one out). */
export interface SealPolicy {
  ttlSeconds: number;
  /** the service's name, checked on every echo; null: tokens carry no audience (any service with the key takes them) */
  audience: string | null;
  /** bind to the authenticated principal (client, issuer, subject) */
  bindPrincipal: boolean;
}

/** The request a token is minted for or presented on. */
export interface SealRequest {
  method: string;
  /** tool or prompt name, or resource URI */
  target: string;
  arguments: Record<string, unknown>;
  /** `issuer|client|subject` of the bearer token; null on an unauthenticated request */
  principal: string | null;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest().subarray(0, 16).toString('base64url');
}

export function mintSealed(ring: KeyRing, policy: SealPolicy, req: SealRequest, state: unknown, nowMs: number): string {
  const now = nowMs / 1000;
  const claims: Record<string, unknown> = {
    v: 1,
    iat: now,
    exp: now + policy.ttlSeconds,
    m: req.method,
    t: req.target,
    a: digest(canonicalJson(req.arguments)),
    s: state,
  };
  if (policy.audience !== null) claims.aud = policy.audience;
  if (policy.bindPrincipal && req.principal !== null) claims.p = digest(`principal:${req.principal}`);
  return ring.seal(Buffer.from(JSON.stringify(claims), 'utf8'));
}

/** The handler's state inside a token, after every claim is checked against the request; throws SealError. */
export function openSealed(ring: KeyRing, policy: SealPolicy, req: SealRequest, token: string, nowMs: number): unknown {
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(ring.unseal(token).toString('utf8')) as Record<string, unknown>;
  } catch (err) {
    throw err instanceof SealError ? err : new SealError('malformed');
  }
  const now = nowMs / 1000;
  if (claims.v !== 1 || typeof claims.iat !== 'number' || typeof claims.exp !== 'number')
    throw new SealError('malformed');
  if (!(claims.iat <= now + FUTURE_SKEW_SECONDS)) throw new SealError('minted in the future');
  if (!(now < claims.exp)) throw new SealError('expired');
  if (claims.m !== req.method || claims.t !== req.target || claims.a !== digest(canonicalJson(req.arguments)))
    throw new SealError('request binding');
  if ((claims.aud ?? null) !== policy.audience) throw new SealError('audience');
  if (policy.bindPrincipal) {
    // a token minted without a principal is refused once there is one, and the other way round (principal drift)
    const expected = req.principal === null ? undefined : digest(`principal:${req.principal}`);
    if (claims.p !== expected) throw new SealError('principal');
  }
  return claims.s;
}
