/**
 * The OAuth authorization flow (MCP 2026-07-28 `basic/authorization`) as a plain async function with injected
 * dependencies: challenge -> Protected Resource Metadata -> authorization server metadata -> client identity ->
 * authorization request in the browser (PKCE S256, state, resource) -> callback (iss, state) -> token request.
 * Every exchange is a recorded step; every failure is said in plain words with its spec section; nothing throws out.
 */
import {
  OAuthFlowError,
  type AsMetadata,
  type OAuthLib,
  type RegisteredClient,
} from '../../protocol/auth/oauth-lib.ts';
import { checkIss } from '../../protocol/auth/iss.ts';
import type { IdentitySettings } from '../../protocol/auth/client-identity.ts';
import { chooseScopes, MAX_AUTHORIZATIONS_WITHOUT_SUCCESS, mayAuthorizeAgain } from '../../protocol/auth/scopes.ts';
import type { SpecKey } from '../../protocol/auth/spec-refs.ts';
import { bearerChallenge } from '../../protocol/auth/www-authenticate.ts';
import type { AuthFlowState, TokenSet } from './auth-model.ts';
import { discoverAs, discoverPrm, FlowStop, identify, tokenSetOf } from './oauth-discovery.ts';
import { FlowCancelled, openStep, recordingFetch, type RecorderDeps } from './oauth-recorder.ts';

export interface OAuthFlowDeps extends RecorderDeps {
  lib: OAuthLib;
  /** open the authorization URL in the browser and resolve with the URL the server redirected back to */
  openBrowser: (url: string) => Promise<string>;
  getState: () => AuthFlowState;
}

export interface OAuthFlowInput {
  serverUrl: string;
  /** the response that asked for authorization */
  challenge: { status: number; wwwAuthenticate: string | null; method?: string };
  identity: IdentitySettings;
  redirectUri: string;
  /** registrations made earlier, by issuer (a new authorization server gets a new one) */
  registrations: Record<string, RegisteredClient>;
  /** the metadata sent with Dynamic Client Registration (client_name, redirect_uris, grant_types, ...) */
  registrationMetadata: Record<string, unknown>;
}

export interface OAuthSession {
  as: AsMetadata;
  client: RegisteredClient;
  resource: string;
}

export type OAuthFlowResult =
  ({ ok: true; tokens: TokenSet } & OAuthSession) | { ok: false; registration?: RegisteredClient };

/** Run the whole flow. Never throws: failures are recorded as `auth/failed` with plain words and a spec section. */
export async function runOAuthFlow(input: OAuthFlowInput, deps: OAuthFlowDeps): Promise<OAuthFlowResult> {
  deps.dispatch({ type: 'auth/started', serverUrl: input.serverUrl, at: deps.now() });
  let registration: RegisteredClient | undefined;
  try {
    if (!mayAuthorizeAgain(deps.getState().authorizationsWithoutSuccess)) {
      deps.dispatch({
        type: 'auth/stopped',
        failure: {
          message: `The server still refused after ${MAX_AUTHORIZATIONS_WITHOUT_SUCCESS} authorizations in a row, so the inspector stops here instead of looping. Check the scopes the server asks for, then Sign out and sign in again.`,
          spec: 'stepUp',
        },
      });
      return { ok: false };
    }
    const challenge = bearerChallenge(input.challenge.wwwAuthenticate);
    const c = await openStep(
      deps,
      {
        kind: 'challenge',
        title: `The server answered ${input.challenge.status}`,
        spec: 'challenge',
        from: 'resource',
        to: 'inspector',
      },
      { method: input.challenge.method ?? 'POST', url: input.serverUrl, headers: [] },
    );
    deps.dispatch({
      type: 'auth/step-updated',
      id: c.id,
      patch: {
        status: 'done',
        response: {
          status: input.challenge.status,
          headers: input.challenge.wwwAuthenticate ? [['www-authenticate', input.challenge.wwwAuthenticate]] : [],
          body: '',
        },
      },
    });
    deps.dispatch({
      type: 'auth/finding',
      id: c.id,
      finding: challenge
        ? `Bearer challenge: resource_metadata ${challenge.resourceMetadata ?? '(not given: well-known locations)'}, scope ${challenge.scope ?? '(not given)'}${challenge.error ? `, error ${challenge.error}` : ''}.`
        : 'No Bearer WWW-Authenticate header: the well-known metadata locations are tried.',
    });

    const prm = await discoverPrm(deps, input.serverUrl, challenge?.resourceMetadata);
    const issuer = prm.authorization_servers[0] ?? '';
    const as = await discoverAs(deps, issuer);
    if (!as.code_challenge_methods_supported?.includes('S256'))
      throw new FlowStop(
        'The authorization server does not list S256 in code_challenge_methods_supported: without PKCE S256 the inspector will not authorize.',
        'pkce',
      );
    if (!as.authorization_endpoint || !as.token_endpoint)
      throw new FlowStop(
        'The authorization server metadata has no authorization_endpoint or token_endpoint.',
        'asMetadata',
      );

    registration = await identify(deps, input, as);
    const scopes = chooseScopes({
      challenge: challenge?.scope,
      prmScopes: prm.scopes_supported,
      asScopes: as.scopes_supported,
      previous: deps.getState().requestedScopes,
    });
    deps.dispatch({ type: 'auth/scopes-requested', scopes: scopes.scope ? scopes.scope.split(' ') : [] });

    const { verifier, challenge: codeChallenge, state } = await deps.lib.pkce();
    const url = new URL(as.authorization_endpoint);
    const params: [string, string][] = [
      ['response_type', 'code'],
      ['client_id', registration.clientId],
      ['redirect_uri', input.redirectUri],
      ['code_challenge', codeChallenge],
      ['code_challenge_method', 'S256'],
      ['state', state],
      ['resource', prm.resource],
    ];
    if (scopes.scope) params.push(['scope', scopes.scope]);
    for (const [k, v] of params) url.searchParams.set(k, v);
    const authorize = await openStep(
      deps,
      {
        kind: 'authorize',
        title: 'Authorization request (in your browser)',
        spec: 'authorize',
        from: 'browser',
        to: 'auth-server',
      },
      { method: 'GET', url: url.href, headers: [] },
      'browser',
    );
    deps.dispatch({
      type: 'auth/finding',
      id: authorize.id,
      finding: `Client: ${registration.kind === 'dcr' ? 'registered dynamically' : registration.kind === 'cimd' ? 'Client ID Metadata Document' : 'pre-registered'} (${registration.clientId}).`,
    });
    deps.dispatch({ type: 'auth/finding', id: authorize.id, finding: `Scopes: ${scopes.why}.` });
    deps.dispatch({ type: 'auth/waiting-for-browser' });
    const callbackUrl = await deps.openBrowser(authorize.request.url);
    deps.dispatch({ type: 'auth/step-updated', id: authorize.id, patch: { status: 'done' } });

    const back = await openStep(
      deps,
      { kind: 'callback', title: 'Redirect back to the inspector', spec: 'iss', from: 'browser', to: 'inspector' },
      { method: 'GET', url: callbackUrl, headers: [] },
      'browser',
    );
    deps.dispatch({ type: 'auth/step-updated', id: back.id, patch: { status: 'done' } });
    // the redirect as received, or as you edited it while it was held
    const cb = new URL(back.request.url);
    const iss = checkIss(
      as.issuer,
      as.authorization_response_iss_parameter_supported === true,
      cb.searchParams.get('iss'),
    );
    deps.dispatch({ type: 'auth/finding', id: back.id, finding: iss.finding });
    if (!iss.ok) throw new FlowStop(iss.finding, 'iss');
    const callbackParams = deps.lib.validateCallback(as, registration, cb.href, state);
    if (!callbackParams.get('code'))
      throw new FlowStop(
        'The redirect came back without a code (and without an error): there is nothing to exchange for a token.',
        'authorize',
      );

    const tokenFetch = recordingFetch(deps, {
      kind: 'token',
      title: 'Token request',
      spec: 'token',
      to: 'auth-server',
    });
    const response = await deps.lib.exchangeCode(
      as,
      registration,
      callbackParams,
      input.redirectUri,
      verifier,
      prm.resource,
      tokenFetch,
    );
    const tokens = tokenSetOf(response, as, registration, deps.now());
    deps.dispatch({ type: 'auth/tokens', tokens });
    return { ok: true, tokens, as, client: registration, resource: prm.resource };
  } catch (error) {
    const spec: SpecKey =
      error instanceof FlowStop ? error.spec : error instanceof OAuthFlowError ? specOfCode(error) : 'authorize';
    const message = error instanceof FlowCancelled || error instanceof Error ? error.message : String(error);
    deps.dispatch({ type: 'auth/failed', failure: { message, spec } });
    return registration ? { ok: false, registration } : { ok: false };
  }
}

function specOfCode(error: OAuthFlowError): SpecKey {
  // the server's own error code first: plain words such as "issued" must not read as the `iss` parameter
  if (error.code === 'invalid_grant' || error.code === 'invalid_client') return 'token';
  if (error.code === 'access_denied') return 'authorize';
  if (/\biss\b/.test(error.message)) return 'iss';
  return 'token';
}

/** Refresh the access token (OAuth 2.1 §4.3) with the same resource; records the exchange; returns the new set. */
export async function refreshTokens(
  session: OAuthSession,
  current: TokenSet,
  deps: OAuthFlowDeps,
): Promise<TokenSet | null> {
  if (!current.refreshToken) return null;
  try {
    const fetch = recordingFetch(deps, {
      kind: 'refresh',
      title: 'Refresh the access token',
      spec: 'refresh',
      to: 'auth-server',
    });
    const r = await deps.lib.refresh(session.as, session.client, current.refreshToken, session.resource, fetch);
    const tokens = tokenSetOf(r, session.as, session.client, deps.now(), current);
    deps.dispatch({ type: 'auth/tokens', tokens });
    return tokens;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.dispatch({
      type: 'auth/failed',
      failure: { message: `Refreshing the token failed: ${message} Sign in again.`, spec: 'refresh' },
    });
    return null;
  }
}
