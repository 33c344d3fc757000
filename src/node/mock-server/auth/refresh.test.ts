import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServerHandle } from '../start.ts';
import { PRE_REGISTERED } from './authorization-server.ts';
import { authorizeInNode, tokenRequest } from './code-flow.fixtures.ts';

let mock: MockServerHandle | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const REDIRECT = 'http://127.0.0.1:5173/oauth/callback';
const client = { id: PRE_REGISTERED.clientId, secret: PRE_REGISTERED.clientSecret };

describe('mock authorization server: refresh tokens', () => {
  it('issues a refresh token to the pre-registered client on the short variant and refreshes a 20 s token', async () => {
    mock = await startMockServer({ port: 0, authAutoApprove: true, authRedirects: [REDIRECT] });
    const issuer = `${mock.url}/auth/short`;
    const resource = `${issuer}/mcp`;
    const { callback, verifier } = await authorizeInNode({
      issuer,
      resource,
      clientId: client.id,
      redirectUri: REDIRECT,
      scope: 'mcp:read offline_access',
    });
    expect(callback.get('error')).toBeNull();
    const code = await tokenRequest(issuer, client, {
      grant_type: 'authorization_code',
      code: callback.get('code') ?? '',
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      resource,
    });
    expect(code.status).toBe(200);
    expect(code.json.expires_in).toBe(20);
    expect(code.json.refresh_token).toEqual(expect.any(String));
    const refreshed = await tokenRequest(issuer, client, {
      grant_type: 'refresh_token',
      refresh_token: String(code.json.refresh_token),
      resource,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.access_token).not.toBe(code.json.access_token);
    const use = await fetch(resource, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${String(refreshed.json.access_token)}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(use.status).not.toBe(401);
  });
});
