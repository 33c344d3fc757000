/**
 * The OAuth flow (session/auth/oauth.ts) run with the real library edge (client/auth/oauth4webapi-lib.ts on oauth4webapi)
 * against scripted servers: lives in store/ because only the composition layers may join session/ and client/.
 */
import { describe, expect, it } from 'vitest';
import { createOAuthLib } from '../client/auth/oauth4webapi-lib.ts';
import { INITIAL_AUTH, type AuthEvent, type AuthFlowState, type AuthStep } from '../session/auth/auth-model.ts';
import { reduceAuth } from '../session/auth/auth-reducer.ts';
import { refreshTokens, runOAuthFlow, type OAuthFlowInput } from '../session/auth/oauth.ts';
import { AS, fakeServers, RS, type FakeOptions } from '../session/auth/oauth-servers.fixtures.ts';
import type { AuthHttpRequest } from '../protocol/auth/http.ts';

function harness(opts: FakeOptions = {}, hold?: (step: AuthStep) => Promise<AuthStep['request'] | null>) {
  const fake = fakeServers(opts);
  let state: AuthFlowState = INITIAL_AUTH;
  let n = 0;
  const deps = {
    lib: createOAuthLib(),
    http: fake.http,
    openBrowser: fake.openBrowser,
    dispatch: (e: AuthEvent) => {
      state = reduceAuth(state, e);
    },
    getState: () => state,
    now: () => 1_000,
    newId: () => `step-${++n}`,
    ...(hold ? { hold: async (s: AuthStep) => (await hold(s)) ?? null } : {}),
  };
  const input: OAuthFlowInput = {
    serverUrl: `${RS}/mcp`,
    challenge: {
      status: 401,
      wwwAuthenticate: `Bearer resource_metadata="${RS}/.well-known/oauth-protected-resource/mcp"`,
    },
    identity: { clientId: '', clientSecret: '', metadataDocumentUrl: 'https://app.example/oauth/client-metadata.json' },
    redirectUri: 'http://127.0.0.1:5173/oauth/callback',
    registrations: {},
    registrationMetadata: { client_name: 'test', redirect_uris: ['http://127.0.0.1:5173/oauth/callback'] },
  };
  return { fake, deps, input, state: () => state };
}

const tokenRequests = (log: AuthHttpRequest[]) => log.filter((r) => r.url === `${AS}/token`);

describe('runOAuthFlow', () => {
  it('signs in with Dynamic Client Registration, PKCE S256, state and resource on both requests', async () => {
    const h = harness();
    const result = await runOAuthFlow(h.input, h.deps);
    expect(result.ok).toBe(true);
    expect(h.state().tokens?.accessToken).toBe('at-1');
    const authorize = new URL(h.fake.log.find((r) => r.url.startsWith(`${AS}/authorize`))?.url ?? '');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('resource')).toBe(`${RS}/mcp`);
    expect(authorize.searchParams.get('scope')).toBe('mcp:basic');
    const body = new URLSearchParams(tokenRequests(h.fake.log)[0]?.body);
    expect(body.get('resource')).toBe(`${RS}/mcp`);
    expect(body.get('code_verifier')).toBeTruthy();
    expect(h.state().steps.map((s) => s.kind)).toEqual([
      'challenge',
      'prm',
      'as-metadata',
      'registration',
      'authorize',
      'callback',
      'token',
    ]);
  });
  it('uses the Client ID Metadata Document URL as client_id when the server supports it', async () => {
    const h = harness({ cimd: true });
    await runOAuthFlow(h.input, h.deps);
    const authorize = new URL(h.fake.log.find((r) => r.url.startsWith(`${AS}/authorize`))?.url ?? '');
    expect(authorize.searchParams.get('client_id')).toBe('https://app.example/oauth/client-metadata.json');
    expect(h.fake.log.some((r) => r.url === `${AS}/register`)).toBe(false);
  });
  it('authenticates with client_secret_basic when the server registers the client that way', async () => {
    const h = harness({ authMethods: ['client_secret_basic'] });
    await runOAuthFlow(h.input, h.deps);
    const auth = tokenRequests(h.fake.log)[0]?.headers.find(([k]) => k === 'authorization')?.[1];
    expect(auth?.startsWith('Basic ')).toBe(true);
  });
  it('sends client_secret in the body when only client_secret_post is supported', async () => {
    const h = harness({ authMethods: ['client_secret_post'] });
    await runOAuthFlow(h.input, h.deps);
    expect(new URLSearchParams(tokenRequests(h.fake.log)[0]?.body).get('client_secret')).toBe('dcr-secret');
  });
  it.each([
    ['wrong', 'iss'],
    ['normalized', 'iss'],
    ['omit', 'iss'],
  ] as const)('refuses the redirect and never sends the code when iss is %s', async (iss, spec) => {
    const h = harness({ issInRedirect: iss });
    const result = await runOAuthFlow(h.input, h.deps);
    expect(result.ok).toBe(false);
    expect(h.state().failure?.spec).toBe(spec);
    expect(tokenRequests(h.fake.log)).toHaveLength(0);
  });
  it('proceeds without iss when the server does not advertise it', async () => {
    const h = harness({ issInRedirect: 'omit', issAdvertised: false });
    expect((await runOAuthFlow(h.input, h.deps)).ok).toBe(true);
  });
  it('stops before authorizing when the PRM resource is another server', async () => {
    const h = harness({ prmResource: 'https://evil.example.com/mcp' });
    await runOAuthFlow(h.input, h.deps);
    expect(h.state().failure?.spec).toBe('prmResource');
    expect(h.fake.log.some((r) => r.url.includes('/authorize'))).toBe(false);
  });
  it('refuses metadata whose issuer differs and uses none of its endpoints', async () => {
    const h = harness({ metadataIssuer: 'https://attacker.example.com' });
    await runOAuthFlow(h.input, h.deps);
    expect(h.state().failure).toMatchObject({ spec: 'asIssuer' });
    expect(h.fake.log.some((r) => r.url.includes('/register') || r.url.includes('/authorize'))).toBe(false);
  });
  it('refuses a server without PKCE S256', async () => {
    const h = harness({ pkce: ['plain'] });
    await runOAuthFlow(h.input, h.deps);
    expect(h.state().failure?.spec).toBe('pkce');
  });
  it.each([
    [{ tokenError: 'invalid_grant' }, /invalid_grant/, 'token'],
    [{ authError: 'access_denied' }, /access_denied/, 'authorize'],
    [{ noCode: true }, /without a code/, 'authorize'],
  ] as const)('explains %o in plain words with its spec section and keeps the steps', async (opts, text, spec) => {
    const h = harness(opts);
    await runOAuthFlow(h.input, h.deps);
    expect(h.state().phase).toBe('failed');
    expect(h.state().failure?.message).toMatch(text);
    expect(h.state().failure?.spec).toBe(spec);
    expect(h.state().steps.length).toBeGreaterThan(3);
  });
  it('holds each step and sends the edited request when stepping through', async () => {
    const h = harness({}, async (step) =>
      step.kind === 'as-metadata' && step.request
        ? {
            ...step.request,
            headers: [
              ['accept', 'application/json'],
              ['x-edited', '1'],
            ],
          }
        : (step.request ?? null),
    );
    await runOAuthFlow(h.input, h.deps);
    const meta = h.state().steps.find((s) => s.kind === 'as-metadata');
    expect(meta?.edited).toBe(true);
    expect(h.fake.log.find((r) => r.url.endsWith('oauth-authorization-server'))?.headers).toContainEqual([
      'x-edited',
      '1',
    ]);
  });
  it('cancels cleanly when a held step is refused', async () => {
    const h = harness({}, async (step) => (step.kind === 'token' ? null : (step.request ?? null)));
    const result = await runOAuthFlow(h.input, h.deps);
    expect(result.ok).toBe(false);
    expect(h.state().failure?.message).toMatch(/cancelled/);
    expect(tokenRequests(h.fake.log)).toHaveLength(0);
  });
  it('stops instead of looping after three authorizations without success', async () => {
    const h = harness();
    for (let i = 0; i < 3; i += 1) await runOAuthFlow(h.input, h.deps);
    const before = h.fake.log.length;
    await runOAuthFlow(h.input, h.deps);
    expect(h.state().phase).toBe('stopped');
    expect(h.fake.log.length).toBe(before);
  });
  it('sends pre-registered credentials to the authorization server they were registered with', async () => {
    const h = harness();
    h.input.identity = { ...h.input.identity, clientId: 'pre', clientSecret: 'pre-secret', clientIssuer: AS };
    const result = await runOAuthFlow(h.input, h.deps);
    expect(result.ok && result.client).toMatchObject({ kind: 'pre-registered', clientId: 'pre', issuer: AS });
  });
  it('never sends pre-registered credentials to another authorization server: says so and registers instead', async () => {
    const h = harness();
    h.input.identity = {
      ...h.input.identity,
      metadataDocumentUrl: '',
      clientId: 'pre',
      clientSecret: 'pre-secret',
      clientIssuer: 'https://old-as.example',
    };
    const result = await runOAuthFlow(h.input, h.deps);
    expect(result.ok && result.client.kind).toBe('dcr');
    const sent = h.fake.log.map((r) => `${r.url} ${r.headers.map((x) => x.join(':')).join(' ')} ${r.body ?? ''}`);
    expect(sent.join('\n')).not.toMatch(/pre-secret|client_id=pre\b|cHJlOnByZS1zZWNyZXQ/);
    expect(
      h
        .state()
        .steps.flatMap((s) => s.findings)
        .join(' '),
    ).toContain(
      'The pre-registered client ID was registered with https://old-as.example, but the resource now names the authorization server ' +
        AS +
        ': it is not sent there.',
    );
  });
  it('stops, saying why, when pre-registered credentials belong to another issuer and no other identity is possible', async () => {
    const h = harness({ noRegistration: true });
    h.input.identity = {
      clientId: 'pre',
      clientSecret: 'pre-secret',
      metadataDocumentUrl: '',
      clientIssuer: 'https://old-as.example',
    };
    const result = await runOAuthFlow(h.input, h.deps);
    expect(result.ok).toBe(false);
    expect(h.state().failure?.message).toMatch(/registered with https:\/\/old-as\.example.*not sent there/);
    expect(tokenRequests(h.fake.log)).toHaveLength(0);
  });
  it.each([`${AS}/`, AS.toUpperCase().replace('HTTP://', 'http://')])(
    'refuses metadata whose issuer %s is not the discovered issuer string exactly (no normalisation)',
    async (claimed) => {
      const h = harness({ metadataIssuer: claimed });
      const result = await runOAuthFlow(h.input, h.deps);
      expect(result.ok).toBe(false);
      expect(h.state().failure).toMatchObject({ spec: 'asIssuer' });
      expect(h.state().failure?.message).toContain(`says its issuer is "${claimed}"`);
      expect(tokenRequests(h.fake.log)).toHaveLength(0);
    },
  );
  it('refreshes with the refresh token and the same resource', async () => {
    const h = harness();
    const result = await runOAuthFlow(h.input, h.deps);
    if (!result.ok) throw new Error('flow failed');
    const next = await refreshTokens(result, result.tokens, h.deps);
    expect(next?.accessToken).toBe('at-2');
    const body = new URLSearchParams(tokenRequests(h.fake.log)[1]?.body);
    expect(body.get('grant_type')).toBe('refresh_token');
    expect(body.get('resource')).toBe(`${RS}/mcp`);
  });
});
