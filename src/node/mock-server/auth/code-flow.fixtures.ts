/**
 * Test support: the authorization code flow against the mock's authorization servers, from Node (no browser): the
 * authorization request, the consent interaction (auto-approved) with the provider's cookies carried along, and the
 * redirect's query. For the mock's own tests only.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface CodeFlowInput {
  issuer: string;
  resource: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  /** more authorization request parameters (e.g. `login_hint` to pick the user) */
  extra?: Record<string, string>;
}

export interface CodeFlowResult {
  /** the query of the redirect back to redirectUri (code, state, iss; or error) */
  callback: URLSearchParams;
  verifier: string;
}

/** Run the browser half of the flow: follow the provider's redirects until it sends the browser to redirectUri. */
export async function authorizeInNode(input: CodeFlowInput): Promise<CodeFlowResult> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const url = new URL(`${input.issuer}/auth`);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st',
    resource: input.resource,
    scope: input.scope,
    ...input.extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const cookies = new Map<string, string>();
  let next = url.href;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`no redirect at ${next}: HTTP ${res.status} ${await res.text()}`);
    const target = new URL(location, next);
    if (target.href.startsWith(input.redirectUri)) return { callback: target.searchParams, verifier };
    next = target.href;
  }
  throw new Error('too many redirects');
}

/** POST to the token endpoint with client_secret_basic (or none when secret is ''). */
export async function tokenRequest(
  issuer: string,
  client: { id: string; secret: string },
  body: Record<string, string>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const form = new URLSearchParams(body);
  if (client.secret)
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64')}`;
  else form.set('client_id', client.id);
  const res = await fetch(`${issuer}/token`, { method: 'POST', headers, body: form });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
