import { describe, expect, it } from 'vitest';
import { answerWithoutCall } from './standalone.ts';

describe('answerWithoutCall', () => {
  it('answers a ping with an empty result when no call is in flight', () => {
    expect(answerWithoutCall({ id: 1, method: 'ping' })).toEqual({ result: {} });
  });
  it('refuses anything else with a JSON-RPC error naming the method when no call is in flight', () => {
    const a = answerWithoutCall({ id: 2, method: 'roots/list' });
    expect('error' in a && a.error.code).toBe(-32601);
    expect('error' in a && a.error.message).toContain('roots/list');
  });
});
