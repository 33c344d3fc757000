import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { opaqueCheck, type CheckContext } from './audit-checks.ts';

/** The opaque check reads only the state and the clock. */
const check = (state: string) => opaqueCheck({ state, now: () => Date.now() } as CheckContext);
const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const b64url = (bytes: Buffer) => bytes.toString('base64url');

describe('the opaque check (can the client read the state?)', () => {
  it('warns on plain text and on base64 of printable text', () => {
    expect(check('user=alice;amount=120;to=ACME')).toMatchObject({
      status: 'warn',
      evidence: expect.stringMatching(/^the token reads as plain text: "user=alice;amount=120;to=ACME"/),
    });
    expect(check(b64('alice|120|transfer|secret-pin-4421'))).toMatchObject({
      status: 'warn',
      evidence: 'the client can read the payload (text inside base64): "alice|120|transfer|secret-pin-4421"',
    });
    expect(check('step-2').status).toBe('warn');
  });

  it('still warns on a readable JSON payload', () => {
    expect(check(b64(JSON.stringify({ amount: 120 }))).status).toBe('warn');
  });

  it('passes high-entropy bytes long enough to be sealed, and a v1. token whose body is no text', () => {
    expect(check(b64url(randomBytes(48)))).toMatchObject({
      status: 'pass',
      evidence: 'no readable payload: 48 bytes of base64 that decode to no text (high entropy, as sealed state is)',
    });
    expect(check(`v1.${b64url(randomBytes(60))}`)).toMatchObject({
      status: 'pass',
      evidence: expect.stringMatching(/^sealed: a v1\. token whose body does not decode to JSON/),
    });
  });

  it('warns on random bytes too short to hold a nonce and a tag', () => {
    expect(check(b64url(randomBytes(12))).status).toBe('warn');
  });
});
