import { describe, expect, it } from 'vitest';
import { auditInput } from './audit-input.ts';

const empty = { only: '', fleet: '', secondToken: '', wait: '', otherService: '' };

describe('auditInput', () => {
  it('reads the second identity (a pasted token, with or without "Bearer "), the expiry wait and the other service', () => {
    expect(
      auditInput({
        ...empty,
        only: 'a, b',
        secondToken: ' Bearer bob-token ',
        wait: '601',
        otherService: 'http://127.0.0.1:2/mcp',
      }),
    ).toEqual({
      only: ['a', 'b'],
      fleet: [],
      secondToken: 'bob-token',
      expiryWaitSeconds: 601,
      otherService: 'http://127.0.0.1:2/mcp',
    });
    expect(auditInput(empty)).toEqual({ only: [], fleet: [] });
  });

  it('keeps a value it cannot use as the reason its check is skipped', () => {
    expect(auditInput({ ...empty, wait: 'soon', otherService: 'ftp://x' }).unusable).toEqual({
      expiry: 'the expiry wait must be a number of seconds above 0 (at most 86400), got "soon"',
      audience: 'the other service must be an http(s) URL, got "ftp://x"',
    });
  });
});
