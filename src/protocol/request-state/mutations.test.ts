import { describe, expect, it } from 'vitest';
import { decodeRequestState } from './decode-request-state.ts';
import { flipMac, flipPayload, standardMutations } from './mutations.ts';
import { inventRequestState } from './invent.ts';
import { hs256Jwt, mintV1, verifyV1 } from './tokens.fixtures.ts';

const NOW = Date.UTC(2026, 6, 28, 12, 0, 0);
const NOW_S = Math.floor(NOW / 1000);
const B64URL = /^[A-Za-z0-9_-]*$/;

function parts(token: string) {
  const dot = token.lastIndexOf('.');
  return { body: token.slice(3, dot), mac: token.slice(dot + 1) };
}

describe('standardMutations', () => {
  const token = mintV1({ step: 2, region: 'eu-west-1' }, NOW_S + 600);
  const muts = standardMutations(token, decodeRequestState(token, NOW));
  const byId = (id: string) => {
    const m = muts.find((x) => x.id === id);
    if (!m) throw new Error(`missing ${id}`);
    return m;
  };

  it('offers the full set including expiry replay when the token is a v1 token with exp', () => {
    expect(muts.map((m) => m.id)).toEqual([
      'flip-payload',
      'flip-mac',
      'truncate-half',
      'empty',
      'drop',
      'expired-replay',
    ]);
    expect(verifyV1(token, NOW_S)).toBe('ok');
  });

  it('changes one base64url character of the body only when flipping a payload bit', () => {
    const out = byId('flip-payload').apply(token);
    expect(out).not.toBeNull();
    const a = parts(token);
    const b = parts(out ?? '');
    expect(b.mac).toBe(a.mac);
    expect(b.body).toMatch(B64URL);
    expect([...b.body].filter((c, i) => c !== a.body[i])).toHaveLength(1);
    expect(Buffer.from(b.body, 'base64url')).not.toEqual(Buffer.from(a.body, 'base64url'));
    expect(verifyV1(out ?? '', NOW_S)).toBe('mac');
  });

  it('changes only the MAC segment when flipping a MAC bit', () => {
    const out = byId('flip-mac').apply(token) ?? '';
    expect(parts(out).body).toBe(parts(token).body);
    expect(parts(out).mac).toMatch(B64URL);
    expect(parts(out).mac).not.toBe(parts(token).mac);
    expect(verifyV1(out, NOW_S)).toBe('mac');
  });

  it('returns half the bytes, an empty string, null and the same token for truncate, empty, drop and replay', () => {
    expect(byId('truncate-half').apply(token)).toBe(token.slice(0, Math.floor(token.length / 2)));
    expect(byId('empty').apply(token)).toBe('');
    expect(byId('drop').apply(token)).toBeNull();
    expect(byId('expired-replay').apply(token)).toBe(token);
  });

  it('omits MAC flip and expiry replay when the token is a plain opaque string', () => {
    const ids = standardMutations('step-2', decodeRequestState('step-2', NOW)).map((m) => m.id);
    expect(ids).toEqual(['flip-payload', 'truncate-half', 'empty', 'drop']);
    expect(flipPayload('step-2')).toBe('steo-2');
    expect(flipPayload('step 2!')).toBe('steq 2!');
  });

  it('flips inside the JWT claims and signature segments when the token is a JWT', () => {
    const jwt = hs256Jwt({ exp: NOW_S + 5 });
    const [h, c, s] = jwt.split('.');
    const [h2, c2, s2] = flipPayload(jwt).split('.');
    expect([h2, s2]).toEqual([h, s]);
    expect(c2).not.toBe(c);
    const [, c3, s3] = flipMac(jwt).split('.');
    expect(c3).toBe(c);
    expect(s3).not.toBe(s);
    const ids = standardMutations(jwt, decodeRequestState(jwt, NOW)).map((m) => m.id);
    expect(ids).toContain('expired-replay');
    expect(ids).toContain('flip-mac');
  });

  it('changes the bytes of a sealed v1. token whatever its length (its last character may hold only padding bits)', () => {
    // a seal like the Python SDK's: `v1.` + base64url(kid ‖ nonce ‖ ciphertext ‖ tag), one run with the tag at its end
    for (const length of [40, 41, 42, 43, 44, 45]) {
      // last bytes whose final base64 character is '0', '4' or '8' when the length leaves 2 bytes over
      for (const last of [0x00, 0x42, 0x0d, 0x0e, 0x0f, 0xfd]) {
        const raw = Buffer.alloc(length, 0x41);
        raw[length - 1] = last;
        const token = `v1.${raw.toString('base64url')}`;
        const flipped = flipMac(token);
        expect(flipped).not.toBe(token);
        expect(Buffer.from(flipped.slice(3), 'base64url').equals(raw), `${length} bytes ending ${last}`).toBe(false);
      }
    }
  });

  it('offers nothing to flip or truncate when the token is empty', () => {
    expect(standardMutations('', decodeRequestState('', NOW)).map((m) => m.id)).toEqual(['empty', 'drop']);
  });
});

describe('inventRequestState', () => {
  it('forges a v1 token with the same payload and a fresh exp that fails verification when the original is v1', () => {
    const original = mintV1({ step: 3 }, NOW_S - 100);
    const forged = inventRequestState(original, NOW, (n) => new Uint8Array(n).fill(7));
    expect(forged.startsWith('v1.')).toBe(true);
    const view = decodeRequestState(forged, NOW).find((v) => v.kind === 'v1-signed');
    expect(view?.kind === 'v1-signed' && view.payload).toEqual({ step: 3 });
    expect(view?.kind === 'v1-signed' && view.exp?.secondsRemaining).toBe(3600);
    expect(verifyV1(forged, NOW_S)).toBe('mac');
  });

  it('makes 32 random bytes as base64url when there is no original', () => {
    const token = inventRequestState(null, NOW, (n) => new Uint8Array(n).fill(255));
    expect(Buffer.from(token, 'base64url')).toEqual(Buffer.alloc(32, 255));
  });
});
