import { describe, expect, it } from 'vitest';
import { asMetadataCandidates, prmCandidates } from './discovery-urls.ts';
import { checkPrmDocument, checkResourceMatches } from './resource.ts';

describe('checkResourceMatches', () => {
  it('accepts the server URL itself and an origin-level resource, sent exactly as published', () => {
    expect(checkResourceMatches('http://localhost:9/mcp', 'http://localhost:9/mcp')).toEqual({
      ok: true,
      value: 'http://localhost:9/mcp',
    });
    expect(checkResourceMatches('http://localhost:9/mcp', 'http://localhost:9')).toEqual({
      ok: true,
      value: 'http://localhost:9',
    });
  });
  it('refuses a resource on another origin or another path', () => {
    expect(checkResourceMatches('http://localhost:9/mcp', 'https://evil.example.com/mcp').ok).toBe(false);
    expect(checkResourceMatches('http://localhost:9/mcp', 'http://localhost:9/other').ok).toBe(false);
    expect(checkResourceMatches('http://localhost:9/mcpx', 'http://localhost:9/mcp').ok).toBe(false);
  });
  it('refuses a resource with a fragment', () => {
    expect(checkResourceMatches('http://h/mcp', 'http://h/mcp#x').ok).toBe(false);
  });
});

describe('checkPrmDocument', () => {
  it('explains a document without authorization servers', () => {
    const r = checkPrmDocument({ resource: 'http://h/mcp', authorization_servers: [] });
    expect(r.ok).toBe(false);
  });
  it('accepts a well-formed document', () => {
    expect(checkPrmDocument({ resource: 'http://h/mcp', authorization_servers: ['http://as'] }).ok).toBe(true);
  });
});

describe('discovery URLs', () => {
  it('tries the path-based PRM first, then the root, unless the challenge names one', () => {
    expect(prmCandidates('http://h:1/mcp')).toEqual([
      'http://h:1/.well-known/oauth-protected-resource/mcp',
      'http://h:1/.well-known/oauth-protected-resource',
    ]);
    expect(prmCandidates('http://h:1/mcp', 'http://h:1/custom.json')).toEqual(['http://h:1/custom.json']);
  });
  it('inserts and appends the issuer path in the spec order when the issuer has a path', () => {
    expect(asMetadataCandidates('http://as/tenant1')).toEqual([
      'http://as/.well-known/oauth-authorization-server/tenant1',
      'http://as/.well-known/openid-configuration/tenant1',
      'http://as/tenant1/.well-known/openid-configuration',
    ]);
    expect(asMetadataCandidates('http://as')).toEqual([
      'http://as/.well-known/oauth-authorization-server',
      'http://as/.well-known/openid-configuration',
    ]);
  });
});
