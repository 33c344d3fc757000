import type { ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './cors.ts';
import {
  argumentsDigest,
  bindingOf,
  canonicalJson,
  createStateKit,
  decodePlainState,
  deriveStateKeys,
  encodePlainState,
  sealState,
  unsealState,
  type RequestTarget,
} from './state.ts';

describe('canonical arguments digest', () => {
  it('gives the same digest when only key order differs', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}',
    );
    expect(argumentsDigest({ a: 1, b: 2 })).toBe(argumentsDigest({ b: 2, a: 1 }));
    expect(argumentsDigest({ a: 1 })).not.toBe(argumentsDigest({ a: 2 }));
    expect(argumentsDigest(undefined)).toBe(argumentsDigest({}));
  });
});

describe('sealed state', () => {
  const keys = deriveStateKeys('any length key');
  const binding = bindingOf({ method: 'tools/call', name: 'approve_payment_sealed', arguments: { amount: 5 } });

  it('round-trips a payload when key and binding match', () => {
    const token = sealState(keys.seal, binding, { amount: 5 }, 60);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(unsealState(keys.seal, binding, token)).toEqual({ amount: 5 });
  });

  it('throws when the binding, key or bytes differ, or the token expired', () => {
    const token = sealState(keys.seal, binding, { amount: 5 }, 60);
    const otherBinding = bindingOf({ method: 'tools/call', name: 'approve_payment_sealed', arguments: { amount: 6 } });
    expect(() => unsealState(keys.seal, otherBinding, token)).toThrow('decrypt');
    expect(() => unsealState(deriveStateKeys('other').seal, binding, token)).toThrow('decrypt');
    expect(() => unsealState(keys.seal, binding, token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA'))).toThrow();
    expect(() => unsealState(keys.seal, binding, 'not base64url!')).toThrow('malformed');
    const expired = sealState(keys.seal, binding, { amount: 5 }, -10);
    expect(() => unsealState(keys.seal, binding, expired)).toThrow('expired');
  });

  it('expires on the clock it is given: valid until its exp second, refused after', () => {
    const t0 = Date.UTC(2026, 6, 28, 9, 0, 0);
    const token = sealState(keys.seal, binding, { amount: 5 }, 60, t0);
    expect(unsealState(keys.seal, binding, token, t0 + 60_999)).toEqual({ amount: 5 });
    expect(() => unsealState(keys.seal, binding, token, t0 + 61_000)).toThrow('expired');
  });
});

describe('plain state', () => {
  it('decodes only base64url JSON objects', () => {
    expect(decodePlainState(encodePlainState({ amount: 1 }))).toEqual({ amount: 1 });
    expect(decodePlainState('!!!')).toBeUndefined();
    expect(decodePlainState(encodePlainState([1]))).toBeUndefined();
  });
});

describe('isAllowedOrigin', () => {
  it.each([
    ['http://localhost:5173', true],
    ['http://127.0.0.1:8765', true],
    ['http://[::1]:3000', true],
    ['https://localhost', true],
    ['http://localhost.evil.example', false],
    ['https://evil.example', false],
    ['null', false],
    ['file://', false],
    ['http://user:pw@localhost:1', false],
    ['http://localhost:1/path', false],
  ])('says %s -> %s', (origin, allowed) => {
    expect(isAllowedOrigin(origin)).toBe(allowed);
  });
});

describe('createStateKit', () => {
  const keys = deriveStateKeys('kit test key');
  // The kit finds a context's request through `target(ctx)`; here a context simply carries its target.
  type FakeCtx = ServerContext & { target: RequestTarget };
  const ctxFor = (name: string, args: Record<string, unknown>) =>
    ({ target: { method: 'tools/call', name, arguments: args } }) as unknown as FakeCtx;
  const kit = createStateKit({ keys, target: (ctx) => (ctx as FakeCtx).target });
  kit.protectTool('approve_payment_sealed', 'sealed');

  it('verifies a signed token only against the request it was minted for when requests interleave', async () => {
    const a = ctxFor('provision', { name: 'a' });
    const b = ctxFor('provision', { name: 'b' });
    const [tokenA, tokenB] = await Promise.all([kit.mintSigned({ n: 'a' }, a), kit.mintSigned({ n: 'b' }, b)]);
    await expect(kit.verify(tokenA, a)).resolves.toEqual({ n: 'a' });
    await expect(kit.verify(tokenB, b)).resolves.toEqual({ n: 'b' });
    await expect(kit.verify(tokenA, b)).rejects.toThrow('bind');
  });

  it('seals against the tool mode declared for the request when the tool is protected as sealed', async () => {
    const a = ctxFor('approve_payment_sealed', { amount: 1 });
    const b = ctxFor('approve_payment_sealed', { amount: 2 });
    const token = kit.mintSealed({ amount: 1 }, a);
    await expect(kit.verify(token, a)).resolves.toEqual({ amount: 1 });
    await expect(kit.verify(token, b)).rejects.toThrow('decrypt');
  });

  it('refuses to protect a tool two different ways when registrations disagree', () => {
    expect(() => kit.protectTool('approve_payment_sealed', 'signed')).toThrow(/already protected as sealed/);
  });
});
