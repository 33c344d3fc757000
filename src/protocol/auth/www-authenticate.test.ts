import { describe, expect, it } from 'vitest';
import { bearerChallenge, challengeKindOf, parseWwwAuthenticate } from './www-authenticate.ts';

describe('parseWwwAuthenticate', () => {
  it('reads resource_metadata and scope when both are quoted', () => {
    const c = bearerChallenge(
      'Bearer resource_metadata="https://x/.well-known/oauth-protected-resource/mcp", scope="a b"',
    );
    expect(c?.resourceMetadata).toBe('https://x/.well-known/oauth-protected-resource/mcp');
    expect(c?.scope).toBe('a b');
  });
  it('reads error, error_description and escaped quotes when present', () => {
    const c = bearerChallenge('Bearer error="insufficient_scope", scope="mcp:write", error_description="say \\"hi\\""');
    expect(c?.error).toBe('insufficient_scope');
    expect(c?.errorDescription).toBe('say "hi"');
  });
  it('separates several challenges when another scheme comes first', () => {
    const all = parseWwwAuthenticate('Basic realm="x", Bearer realm=api, scope=read');
    expect(all.map((c) => c.scheme)).toEqual(['Basic', 'Bearer']);
    expect(all[1]?.scope).toBe('read');
    expect(all[1]?.params.realm).toBe('api');
  });
  it('returns nothing when the header is missing or has no Bearer challenge', () => {
    expect(bearerChallenge(null)).toBeUndefined();
    expect(bearerChallenge('Basic realm="x"')).toBeUndefined();
  });
});

describe('challengeKindOf', () => {
  it('asks to sign in on 401 and to step up on 403 insufficient_scope', () => {
    expect(challengeKindOf(401, null)).toBe('unauthorized');
    expect(challengeKindOf(403, 'Bearer error="insufficient_scope", scope="x"')).toBe('insufficient_scope');
  });
  it('asks nothing when a 403 is not about scope', () => {
    expect(challengeKindOf(403, 'Bearer error="invalid_token"')).toBeUndefined();
    expect(challengeKindOf(200, null)).toBeUndefined();
  });
});
