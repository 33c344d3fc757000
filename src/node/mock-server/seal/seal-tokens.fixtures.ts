/**
 * Test support: an access token of the mock's `/auth/seal` authorization server for one of its users, obtained
 * through the real code flow (pre-registered client, PKCE, auto-approved consent with `login_hint`).
 */
import { PRE_REGISTERED } from '../auth/authorization-server.ts';
import { authorizeInNode, tokenRequest } from '../auth/code-flow.fixtures.ts';

const REDIRECT = 'http://127.0.0.1:5173/oauth/callback';

/** `mockUrl`: the mock's base URL (started with `authAutoApprove`); `variant`: the `/seal/<variant>/mcp` asked for. */
export async function sealToken(mockUrl: string, user: 'alice' | 'bob', variant = 'strict'): Promise<string> {
  const issuer = `${mockUrl}/auth/seal`;
  const resource = `${mockUrl}/seal/${variant}/mcp`;
  const { callback, verifier } = await authorizeInNode({
    issuer,
    resource,
    clientId: PRE_REGISTERED.clientId,
    redirectUri: REDIRECT,
    scope: 'mcp:read mcp:write',
    extra: { login_hint: user },
  });
  const code = callback.get('code');
  if (!code) throw new Error(`no code: ${callback.toString()}`);
  const { status, json } = await tokenRequest(
    issuer,
    { id: PRE_REGISTERED.clientId, secret: PRE_REGISTERED.clientSecret },
    { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, resource },
  );
  if (status !== 200 || typeof json.access_token !== 'string')
    throw new Error(`token: ${status} ${JSON.stringify(json)}`);
  return json.access_token;
}
