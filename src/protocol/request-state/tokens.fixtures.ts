/** Token builders shared by the request-state tests (Node only: uses node:crypto). */
import { createHmac } from 'node:crypto';

const TEST_KEY = 'k'.repeat(32);

export function b64url(data: string | Uint8Array): string {
  return Buffer.from(data).toString('base64url');
}

/** A genuine TypeScript SDK v1 token, built exactly as `createRequestStateCodec().mint` does. */
export function mintV1(payload: unknown, exp: number, bind?: string, key = TEST_KEY): string {
  const envelope: Record<string, unknown> = { p: payload, exp };
  if (bind !== undefined) envelope.b = bind;
  const body = b64url(JSON.stringify(envelope));
  const mac = createHmac('sha256', key).update(`v1.${body}`).digest();
  return `v1.${body}.${b64url(mac)}`;
}

/** Verify as the SDK does (MAC over "v1." + body, then exp). */
export function verifyV1(token: string, nowSeconds: number, key = TEST_KEY): 'ok' | 'malformed' | 'mac' | 'expired' {
  const dot = token.lastIndexOf('.');
  if (!token.startsWith('v1.') || dot <= 3) return 'malformed';
  const body = token.slice(3, dot);
  const expected = createHmac('sha256', key).update(`v1.${body}`).digest('base64url');
  if (expected !== token.slice(dot + 1)) return 'mac';
  try {
    const env = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof env.exp === 'number' && env.exp >= nowSeconds ? 'ok' : 'expired';
  } catch {
    return 'malformed';
  }
}

export function hs256Jwt(claims: Record<string, unknown>, key = TEST_KEY): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac('sha256', key).update(`${head}.${body}`).digest();
  return `${head}.${body}.${b64url(sig)}`;
}
