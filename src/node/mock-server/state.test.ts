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
import { nodeMockCrypto } from './portable/mock-crypto-node.ts';
import { webMockCrypto } from './portable/mock-crypto.ts';

describe('canonical arguments digest', () => {
  it('gives the same digest when only key order differs', async () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}',
    );
    const digest = (args: unknown) => argumentsDigest(args, nodeMockCrypto);
    expect(await digest({ a: 1, b: 2 })).toBe(await digest({ b: 2, a: 1 }));
    expect(await digest({ a: 1 })).not.toBe(await digest({ a: 2 }));
    expect(await digest(undefined)).toBe(await digest({}));
  });
});

// The Node mock uses node:crypto, the page's demo server WebCrypto: each must read what the other wrote.
describe.each([
  ['node:crypto seals, WebCrypto opens', nodeMockCrypto, webMockCrypto],
  ['WebCrypto seals, node:crypto opens', webMockCrypto, nodeMockCrypto],
])('sealed state (%s)', (_, sealer, opener) => {
  const target = { method: 'tools/call', name: 'approve_payment_sealed', arguments: { amount: 5 } };
  const setup = async () => ({
    keys: await deriveStateKeys('any length key', sealer),
    openKeys: await deriveStateKeys('any length key', opener),
    binding: await bindingOf(target, sealer),
  });

  it('derives the same keys and binding on both', async () => {
    const { keys, openKeys, binding } = await setup();
    expect(openKeys).toEqual(keys);
    expect(await bindingOf(target, opener)).toBe(binding);
  });

  it('round-trips a payload when key and binding match', async () => {
    const { keys, openKeys, binding } = await setup();
    const token = await sealState(sealer, keys.seal, binding, { amount: 5 }, 60);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    await expect(unsealState(opener, openKeys.seal, binding, token)).resolves.toEqual({ amount: 5 });
  });

  it('throws when the binding, key or bytes differ, or the token expired', async () => {
    const { keys, openKeys, binding } = await setup();
    const token = await sealState(sealer, keys.seal, binding, { amount: 5 }, 60);
    const otherBinding = await bindingOf({ ...target, arguments: { amount: 6 } }, opener);
    const otherKey = (await deriveStateKeys('other', opener)).seal;
    await expect(unsealState(opener, openKeys.seal, otherBinding, token)).rejects.toThrow('decrypt');
    await expect(unsealState(opener, otherKey, binding, token)).rejects.toThrow('decrypt');
    const flipped = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    await expect(unsealState(opener, openKeys.seal, binding, flipped)).rejects.toThrow();
    await expect(unsealState(opener, openKeys.seal, binding, 'not base64url!')).rejects.toThrow('malformed');
    const expired = await sealState(sealer, keys.seal, binding, { amount: 5 }, -10);
    await expect(unsealState(opener, openKeys.seal, binding, expired)).rejects.toThrow('expired');
  });

  it('expires on the clock it is given: valid until its exp second, refused after', async () => {
    const { keys, openKeys, binding } = await setup();
    const t0 = Date.UTC(2026, 6, 28, 9, 0, 0);
    const token = await sealState(sealer, keys.seal, binding, { amount: 5 }, 60, t0);
    await expect(unsealState(opener, openKeys.seal, binding, token, t0 + 60_999)).resolves.toEqual({ amount: 5 });
    await expect(unsealState(opener, openKeys.seal, binding, token, t0 + 61_000)).rejects.toThrow('expired');
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

describe.each([
  ['node:crypto', nodeMockCrypto],
  ['WebCrypto', webMockCrypto],
])('createStateKit (%s)', (_, crypto) => {
  const keys = deriveStateKeys('kit test key', crypto);
  // The kit finds a context's request through `target(ctx)`; here a context simply carries its target.
  type FakeCtx = ServerContext & { target: RequestTarget };
  const ctxFor = (name: string, args: Record<string, unknown>) =>
    ({ target: { method: 'tools/call', name, arguments: args } }) as unknown as FakeCtx;
  const kit = createStateKit({ keys, crypto, target: (ctx) => (ctx as FakeCtx).target });
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
    const token = await kit.mintSealed({ amount: 1 }, a);
    await expect(kit.verify(token, a)).resolves.toEqual({ amount: 1 });
    await expect(kit.verify(token, b)).rejects.toThrow('decrypt');
  });

  it('refuses to protect a tool two different ways when registrations disagree', () => {
    expect(() => kit.protectTool('approve_payment_sealed', 'signed')).toThrow(/already protected as sealed/);
  });
});
