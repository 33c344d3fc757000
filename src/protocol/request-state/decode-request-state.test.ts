import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { decodeRequestState } from './decode-request-state.ts';
import { fromBytes } from './bytes.ts';
import type { DecodedView } from './decoded-view.ts';
import { b64url, hs256Jwt, mintV1 } from './tokens.fixtures.ts';

const NOW = Date.UTC(2026, 6, 28, 12, 0, 0);
const NOW_S = Math.floor(NOW / 1000);

function find<K extends DecodedView['kind']>(views: DecodedView[], kind: K): Extract<DecodedView, { kind: K }> {
  const v = views.find((x) => x.kind === kind);
  if (!v) throw new Error(`no ${kind} view in ${views.map((x) => x.kind).join(',')}`);
  return v as Extract<DecodedView, { kind: K }>;
}

describe('decodeRequestState', () => {
  it('reads payload, exp and MAC when given a genuine SDK v1 token', () => {
    const token = mintV1({ step: 2, region: 'eu-west-1' }, NOW_S + 300, 'tag123');
    const views = decodeRequestState(token, NOW);
    expect(views[0]?.kind).toBe('v1-signed');
    const v1 = find(views, 'v1-signed');
    expect(v1.confidence).toBe('high');
    expect(v1.payload).toEqual({ step: 2, region: 'eu-west-1' });
    expect(v1.exp?.secondsRemaining).toBe(300);
    expect(v1.exp?.expired).toBe(false);
    expect(v1.exp?.date?.getTime()).toBe((NOW_S + 300) * 1000);
    expect(v1.bindTag).toBe('tag123');
    expect(v1.macByteLength).toBe(32);
    expect(v1.macHex).toMatch(/^[0-9a-f]{64}$/);
    expect(v1.fields).toEqual(
      expect.arrayContaining([
        { name: 'p.step', value: '2' },
        { name: 'p.region', value: 'eu-west-1' },
      ]),
    );
  });

  it('marks the v1 token expired with negative seconds when exp has passed', () => {
    const v1 = find(decodeRequestState(mintV1('x', NOW_S - 61), NOW), 'v1-signed');
    expect(v1.exp?.secondsRemaining).toBe(-61);
    expect(v1.exp?.expired).toBe(true);
    expect(v1.notes.join(' ')).toMatch(/expired/);
  });

  it('lowers confidence and explains when the v1 MAC has the wrong length', () => {
    const token = mintV1({ a: 1 }, NOW_S + 10).replace(/\.[^.]+$/, '.AAAA');
    const v1 = find(decodeRequestState(token, NOW), 'v1-signed');
    expect(v1.confidence).toBe('medium');
    expect(v1.macByteLength).toBe(3);
    expect(v1.notes.join(' ')).toMatch(/3 bytes/);
  });

  it('decodes header, claims and exp when given a hand-built JWT', () => {
    const token = hs256Jwt({ sub: 'call-7', exp: NOW_S + 90 });
    const jwt = find(decodeRequestState(token, NOW), 'jwt');
    expect(jwt.alg).toBe('HS256');
    expect(jwt.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(jwt.claims).toEqual({ sub: 'call-7', exp: NOW_S + 90 });
    expect(jwt.exp?.secondsRemaining).toBe(90);
    expect(jwt.signatureHex).toHaveLength(64);
  });

  it('reports plain JSON with its exp when the token is raw JSON', () => {
    const json = find(decodeRequestState('{"step":1,"exp":' + (NOW_S + 5) + '}', NOW), 'json');
    expect(json.source).toBe('raw');
    expect(json.value).toEqual({ step: 1, exp: NOW_S + 5 });
    expect(json.exp?.secondsRemaining).toBe(5);
  });

  it('finds JSON inside base64 when the token is base64-encoded JSON', () => {
    const views = decodeRequestState(b64url(JSON.stringify({ cart: [1, 2] })), NOW);
    const json = find(views, 'json');
    expect(json.source).toBe('base64');
    expect(json.value).toEqual({ cart: [1, 2] });
    expect(find(views, 'base64').variant).not.toBe('base64');
  });

  it('guesses encrypted/random when the token is base64 of random bytes', () => {
    // deterministic high-entropy bytes (a SHA-256 chain), so the test cannot flake on an unlucky draw
    const chunks: Buffer[] = [];
    let block = createHash('sha256').update('seed').digest();
    for (let i = 0; i < 8; i += 1) {
      chunks.push(block);
      block = createHash('sha256').update(block).digest();
    }
    const views = decodeRequestState(Buffer.concat(chunks).toString('base64url'), NOW);
    const opaque = find(views, 'opaque');
    expect(opaque.looksRandom).toBe(true);
    expect(opaque.analysedBytes).toBe('base64-decoded');
    expect(opaque.entropyBitsPerByte).toBeGreaterThan(7);
  });

  it('does not guess random when the token is a short plain word', () => {
    const views = decodeRequestState('step-2', NOW);
    expect(views.map((v) => v.kind)).toEqual(['opaque']);
    const opaque = find(views, 'opaque');
    expect(opaque.looksRandom).toBe(false);
    expect(opaque.byteLength).toBe(6);
    expect(opaque.confidence).toBe('high');
  });

  it('never throws when given arbitrary strings or broken bytes', () => {
    const tokenish = fc.oneof(
      fc.string(),
      fc.string({ unit: fc.constantFrom(...'v1.eyJAb-_=+/{}"[]:,0123456789'.split('')) }),
      fc.uint8Array({ maxLength: 80 }).map(fromBytes),
      fc.tuple(fc.string(), fc.string()).map(([a, b]) => `v1.${a}.${b}`),
      fc.tuple(fc.jsonValue(), fc.double()).map(([p, exp]) => mintV1(p, exp)),
      fc.jsonValue().map((j) => b64url(JSON.stringify(j))),
    );
    fc.assert(
      fc.property(tokenish, fc.oneof(fc.integer(), fc.double()), (token, now) => {
        const views = decodeRequestState(token, now);
        expect(views.length).toBeGreaterThan(0);
        expect(views.at(-1)?.kind === 'opaque' || views.some((v) => v.kind === 'opaque')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('decodes a 1 MiB token quickly when the state is huge', () => {
    const token = mintV1({ blob: 'x'.repeat(760_000) }, NOW_S + 1);
    const t0 = performance.now();
    const v1 = find(decodeRequestState(token, NOW), 'v1-signed');
    expect(performance.now() - t0).toBeLessThan(1500);
    expect(v1.fields.find((f) => f.name === 'p.blob')?.value.length).toBeLessThan(2100);
  });
  it('names a v1. token whose body is no JSON as sealed, with nothing readable (the Python SDK seal)', () => {
    const sealed = `v1.${Buffer.from(Array.from({ length: 60 }, (_, i) => (i * 37 + 11) % 256)).toString('base64url')}`;
    const v1 = find(decodeRequestState(sealed, NOW), 'v1-signed');
    expect(v1.label).toBe('v1 token with no readable body (sealed, e.g. AES-GCM)');
    expect(v1.envelope).toBeNull();
    expect(v1.notes[0]).toMatch(/sealed \(encrypted\) token, not a signed one/);
  });
});
