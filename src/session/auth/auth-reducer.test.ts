import { describe, expect, it } from 'vitest';
import { INITIAL_AUTH, type AuthStep } from './auth-model.ts';
import { reduceAuth } from './auth-reducer.ts';

const step: AuthStep = {
  id: 's1',
  kind: 'prm',
  from: 'inspector',
  to: 'resource',
  title: 'Protected Resource Metadata',
  spec: 'prm',
  status: 'held',
  findings: [],
  at: 1,
};

describe('reduceAuth', () => {
  it('records steps in order and updates a held step when it is sent', () => {
    let s = reduceAuth(INITIAL_AUTH, { type: 'auth/started', serverUrl: 'http://h/mcp', at: 0 });
    s = reduceAuth(s, { type: 'auth/step', step });
    s = reduceAuth(s, { type: 'auth/step-updated', id: 's1', patch: { status: 'done', edited: true } });
    s = reduceAuth(s, { type: 'auth/finding', id: 's1', finding: 'ok' });
    expect(s.steps).toHaveLength(1);
    expect(s.steps[0]).toMatchObject({ status: 'done', edited: true, findings: ['ok'] });
    expect(s.phase).toBe('running');
  });
  it('counts authorizations until the server accepts a request', () => {
    let s = reduceAuth(INITIAL_AUTH, { type: 'auth/started', serverUrl: 'u', at: 0 });
    s = reduceAuth(s, { type: 'auth/scopes-requested', scopes: ['a'] });
    s = reduceAuth(s, { type: 'auth/scopes-requested', scopes: ['a', 'b'] });
    expect(s.authorizationsWithoutSuccess).toBe(2);
    expect(s.requestedScopes).toEqual(['a', 'b']);
    s = reduceAuth(s, { type: 'auth/request-accepted' });
    expect(s.authorizationsWithoutSuccess).toBe(0);
  });
  it('forgets scopes and counters when a flow starts for another server', () => {
    let s = reduceAuth(INITIAL_AUTH, { type: 'auth/started', serverUrl: 'u', at: 0 });
    s = reduceAuth(s, { type: 'auth/scopes-requested', scopes: ['a'] });
    s = reduceAuth(s, { type: 'auth/started', serverUrl: 'v', at: 0 });
    expect(s.requestedScopes).toEqual([]);
    expect(s.authorizationsWithoutSuccess).toBe(0);
  });
  it('drops tokens but keeps the recorded steps when signing out', () => {
    let s = reduceAuth(INITIAL_AUTH, { type: 'auth/step', step });
    s = reduceAuth(s, {
      type: 'auth/tokens',
      tokens: { accessToken: 't', tokenType: 'bearer', issuer: 'i', clientId: 'c' },
    });
    expect(s.phase).toBe('signed-in');
    s = reduceAuth(s, { type: 'auth/signed-out' });
    expect(s.tokens).toBeNull();
    expect(s.steps).toHaveLength(1);
    expect(s.phase).toBe('idle');
  });
  it('keeps the session usable after a failure: the failure is data, the steps stay', () => {
    let s = reduceAuth(INITIAL_AUTH, { type: 'auth/step', step });
    s = reduceAuth(s, { type: 'auth/failed', failure: { message: 'no', spec: 'iss' } });
    expect(s.phase).toBe('failed');
    expect(s.steps).toHaveLength(1);
  });
});
