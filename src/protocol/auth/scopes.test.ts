import { describe, expect, it } from 'vitest';
import { chooseScopes, mayAuthorizeAgain } from './scopes.ts';

describe('chooseScopes', () => {
  it('uses the challenge scope when the 401 names one', () => {
    expect(chooseScopes({ challenge: 'mcp:basic', prmScopes: ['mcp:profile'] }).scope).toBe('mcp:basic');
  });
  it('uses every scopes_supported of the PRM when the challenge names none', () => {
    expect(chooseScopes({ prmScopes: ['a', 'b', 'c'] }).scope).toBe('a b c');
  });
  it('omits scope when neither the challenge nor the PRM names any', () => {
    expect(chooseScopes({}).scope).toBeUndefined();
  });
  it('asks for the union of earlier and challenged scopes when stepping up', () => {
    expect(chooseScopes({ challenge: 'mcp:write', previous: ['mcp:basic'] }).scope).toBe('mcp:basic mcp:write');
  });
  it('adds offline_access only when the authorization server lists it', () => {
    expect(chooseScopes({ prmScopes: ['mcp:basic'], asScopes: ['mcp:basic', 'offline_access'] }).scope).toBe(
      'mcp:basic offline_access',
    );
    expect(chooseScopes({ prmScopes: ['mcp:basic', 'offline_access'], asScopes: ['mcp:basic'] }).scope).toBe(
      'mcp:basic',
    );
  });
});

describe('mayAuthorizeAgain', () => {
  it('stops after three authorizations without a successful request', () => {
    expect(mayAuthorizeAgain(2)).toBe(true);
    expect(mayAuthorizeAgain(3)).toBe(false);
  });
});
