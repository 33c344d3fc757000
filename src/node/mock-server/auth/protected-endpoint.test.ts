import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServerHandle } from '../start.ts';
import { PRE_REGISTERED } from './authorization-server.ts';
import { authorizeInNode, tokenRequest } from './code-flow.fixtures.ts';

let mock: MockServerHandle | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

describe('mock: authorization-protected endpoint', () => {
  it('answers 401 with a Bearer challenge naming its Protected Resource Metadata when no token is sent', async () => {
    mock = await startMockServer({ port: 0, authAutoApprove: true });
    const res = await fetch(`${mock.url}/auth/dcr/mcp`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain(`resource_metadata="${mock.url}/.well-known/oauth-protected-resource/auth/dcr/mcp"`);
    expect(challenge).toContain('scope="mcp:read"');
    const prm = (await (await fetch(`${mock.url}/.well-known/oauth-protected-resource/auth/dcr/mcp`)).json()) as Record<
      string,
      unknown
    >;
    expect(prm).toMatchObject({
      resource: `${mock.url}/auth/dcr/mcp`,
      authorization_servers: [`${mock.url}/auth/dcr`],
    });
  });
  it('serves real authorization server metadata (PKCE S256, iss, registration) and advertises CIMD only on the cimd variant', async () => {
    mock = await startMockServer({ port: 0 });
    const meta = async (v: string) =>
      (await (await fetch(`${mock?.url}/auth/${v}/.well-known/openid-configuration`)).json()) as Record<
        string,
        unknown
      >;
    const cimd = await meta('cimd');
    const dcr = await meta('dcr');
    expect(cimd.issuer).toBe(`${mock.url}/auth/cimd`);
    expect(cimd.code_challenge_methods_supported).toEqual(['S256']);
    expect(cimd.authorization_response_iss_parameter_supported).toBe(true);
    expect(cimd.registration_endpoint).toBeTruthy();
    expect(cimd.client_id_metadata_document_supported).toBe(true);
    expect(dcr.client_id_metadata_document_supported).toBeUndefined();
  });
  it('refuses a made-up bearer token', async () => {
    mock = await startMockServer({ port: 0 });
    const res = await fetch(`${mock.url}/auth/dcr/mcp`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
  });
  it('serves each misconfigured variant with exactly its one fault', async () => {
    mock = await startMockServer({ port: 0 });
    const get = async (path: string) => {
      const res = await fetch(`${mock?.url}${path}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const meta = (v: string) => get(`/auth/${v}/.well-known/openid-configuration`);
    const prm = (v: string) => get(`/.well-known/oauth-protected-resource/auth/${v}/mcp`);
    expect(Array.isArray((await meta('malformed')).body)).toBe(true);
    expect((await meta('no-pkce')).body.code_challenge_methods_supported).toBeUndefined();
    expect((await meta('no-pkce')).body.token_endpoint).toBeTruthy();
    expect((await meta('issuer-mismatch')).body.issuer).toBe(`${mock.url}/auth/elsewhere`);
    expect((await prm('issuer-mismatch')).body.authorization_servers).toEqual([`${mock.url}/auth/issuer-mismatch`]);
    expect((await prm('resource-mismatch')).body.resource).toBe(`${mock.url}/auth/dcr/mcp`);
    expect((await meta('dcr')).body.code_challenge_methods_supported).toEqual(['S256']);
  });
  it('answers access_denied on the denied variant when consent is automatic', async () => {
    const redirect = 'http://127.0.0.1:5173/oauth/callback';
    mock = await startMockServer({ port: 0, authAutoApprove: true, authRedirects: [redirect] });
    const { callback } = await authorizeInNode({
      issuer: `${mock.url}/auth/denied`,
      resource: `${mock.url}/auth/denied/mcp`,
      clientId: PRE_REGISTERED.clientId,
      redirectUri: redirect,
      scope: 'mcp:read',
    });
    expect(callback.get('error')).toBe('access_denied');
    expect(callback.get('code')).toBeNull();
  });

  it("issues a token for its endpoint's path on another loopback origin (a local proxy) and takes it, and only there", async () => {
    const redirect = 'http://127.0.0.1:5173/oauth/callback';
    mock = await startMockServer({ port: 0, authAutoApprove: true, authRedirects: [redirect] });
    const issuer = `${mock.url}/auth/dcr`;
    const client = { id: PRE_REGISTERED.clientId, secret: PRE_REGISTERED.clientSecret };
    const signIn = async (resource: string) => {
      const { callback, verifier } = await authorizeInNode({
        issuer,
        resource,
        clientId: client.id,
        redirectUri: redirect,
        scope: 'mcp:read',
      });
      if (!callback.get('code')) return { error: callback.get('error') };
      const got = await tokenRequest(issuer, client, {
        grant_type: 'authorization_code',
        code: callback.get('code')!,
        redirect_uri: redirect,
        code_verifier: verifier,
        resource,
      });
      return { token: String(got.json.access_token) };
    };
    const list = (token: string) =>
      fetch(`${issuer}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
    const proxied = await signIn('http://127.0.0.1:1/auth/dcr/mcp');
    // past the bearer check (what the endpoint then answers a bare tools/list is not the point here)
    expect((await list(proxied.token!)).status).not.toBe(401);
    // another path, or a host that is not loopback, is another resource
    expect(await signIn('http://127.0.0.1:1/auth/cimd/mcp')).toEqual({ error: 'invalid_target' });
    expect(await signIn('http://example.com/auth/dcr/mcp')).toEqual({ error: 'invalid_target' });
  });
});
