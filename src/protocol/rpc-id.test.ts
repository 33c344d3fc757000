import { describe, expect, it } from 'vitest';
import { rpcIdOf, rpcIdOfBody } from './rpc-id.ts';

describe('rpcIdOf', () => {
  it('reads a string or number id and nothing else', () => {
    expect(rpcIdOf({ id: 3 })).toBe(3);
    expect(rpcIdOf({ id: 'a' })).toBe('a');
    expect(rpcIdOf({ id: null })).toBeUndefined();
    expect(rpcIdOf({ id: { n: 1 } })).toBeUndefined();
    expect(rpcIdOf([{ id: 1 }])).toBeUndefined();
    expect(rpcIdOf(null)).toBeUndefined();
  });

  it('reads a body, and says nothing for one that is not JSON', () => {
    expect(rpcIdOfBody('{"jsonrpc":"2.0","id":7,"method":"x"}')).toBe(7);
    expect(rpcIdOfBody('not json')).toBeUndefined();
  });
});
