/**
 * The OAuth client library at the client edge: oauth4webapi does PKCE, metadata validation, the authorization
 * response checks (state, RFC 9207 iss, error), client authentication and token response parsing. Nothing here is
 * hand-written protocol; this file adapts its API to the flow's `OAuthLib` and says its errors in plain words.
 */
import * as oauth from 'oauth4webapi';
import type { TokenAuthMethod } from '../../protocol/auth/client-identity.ts';
import {
  OAuthFlowError,
  type AsMetadata,
  type AuthFetch,
  type OAuthLib,
  type RegisteredClient,
  type TokenResponse,
} from '../../protocol/auth/oauth-lib.ts';
import { isJsonObject } from '../../protocol/types.ts';

/** Plain http is allowed only to loopback hosts (local development and test servers). */
export function isLoopbackUrl(url: string): boolean {
  try {
    const h = new URL(url).hostname;
    return h === 'localhost' || h === '127.0.0.1' || h === '[::1]' || h.endsWith('.localhost');
  } catch {
    return false;
  }
}

function options(url: string | undefined, fetch: AuthFetch) {
  return {
    [oauth.customFetch]: fetch,
    ...(url && isLoopbackUrl(url) ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

/** application/x-www-form-urlencoded (WHATWG URL standard), as RFC 6749 §2.3.1 asks for Basic credentials. */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/**
 * client_secret_basic with the WHATWG form encoding: oauth4webapi's own also percent-encodes `-`, `.`, `_` and `*`,
 * which servers that decode Basic credentials without form-decoding (common, the conformance suite among them) read
 * as a different client id. Same header shape otherwise.
 */
function basicAuth(secret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    headers.set('authorization', `Basic ${btoa(`${formEncode(client.client_id)}:${formEncode(secret)}`)}`);
  };
}

function clientAuth(method: TokenAuthMethod, secret: string): oauth.ClientAuth {
  if (method === 'client_secret_basic') return basicAuth(secret);
  if (method === 'client_secret_post') return oauth.ClientSecretPost(secret);
  return oauth.None();
}

/** Say what a library error means, in plain words. */
export function describeOAuthError(error: unknown): OAuthFlowError {
  if (error instanceof OAuthFlowError) return error;
  if (error instanceof oauth.ResponseBodyError) {
    const what =
      error.error === 'invalid_grant'
        ? ' (the code or refresh token was refused: it may be used, expired or issued to another client)'
        : '';
    return new OAuthFlowError(
      `The authorization server answered HTTP ${error.status} ${error.error}${error.error_description ? `: ${error.error_description}` : ''}${what}.`,
      error.error,
    );
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const c = error.cause[0];
    const code = c?.parameters.error;
    return new OAuthFlowError(
      `The authorization server answered HTTP ${error.status}${code ? ` ${code}` : ''}${c?.parameters.error_description ? `: ${c.parameters.error_description}` : ''}${code === 'invalid_client' ? ' (the client id or secret was refused)' : ''}.`,
      code,
    );
  }
  if (error instanceof oauth.AuthorizationResponseError) {
    const what = error.error === 'access_denied' ? ' (you, or the server, declined the authorization)' : '';
    return new OAuthFlowError(
      `The authorization server redirected back with error ${error.error}${error.error_description ? `: ${error.error_description}` : ''}${what}.`,
      error.error,
    );
  }
  if (error instanceof oauth.OperationProcessingError || error instanceof TypeError) {
    return new OAuthFlowError(
      error.message.replace(/^"response" /, 'The response '),
      error instanceof oauth.OperationProcessingError ? error.code : undefined,
    );
  }
  return new OAuthFlowError(error instanceof Error ? error.message : String(error));
}

function asOf(as: AsMetadata): oauth.AuthorizationServer {
  return as as oauth.AuthorizationServer;
}

function clientOf(client: RegisteredClient): oauth.Client {
  return { client_id: client.clientId, token_endpoint_auth_method: client.method };
}

function tokensOf(r: oauth.TokenEndpointResponse): TokenResponse {
  const out: TokenResponse = { accessToken: r.access_token, tokenType: r.token_type };
  if (r.refresh_token) out.refreshToken = r.refresh_token;
  if (typeof r.expires_in === 'number') out.expiresIn = r.expires_in;
  if (typeof r.scope === 'string') out.scope = r.scope;
  return out;
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw describeOAuthError(error);
  }
}

/**
 * RFC 7591 §3.2.1 makes `client_secret_expires_at` REQUIRED when a secret is issued, and oauth4webapi enforces it;
 * many servers (the conformance suite's among them) omit it. Read as 0 ("does not expire"), and say so.
 */
async function lenientRegistration(res: Response): Promise<{ response: Response; note?: string }> {
  const text = await res.text();
  const rebuilt = (body: string) =>
    new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { response: rebuilt(text) };
  }
  if (!isJsonObject(body)) return { response: rebuilt(text) };
  const record = body as Record<string, unknown>;
  if (typeof record.client_secret !== 'string' || record.client_secret_expires_at !== undefined)
    return { response: rebuilt(text) };
  return {
    response: rebuilt(JSON.stringify({ ...record, client_secret_expires_at: 0 })),
    note: 'The registration response issued a client_secret without client_secret_expires_at (RFC 7591 §3.2.1 requires it); read as 0, "never expires".',
  };
}

export function createOAuthLib(): OAuthLib {
  return {
    processAsMetadata: (issuer, response) =>
      guard(async () => (await oauth.processDiscoveryResponse(new URL(issuer), response)) as AsMetadata),
    pkce: async () => {
      const verifier = oauth.generateRandomCodeVerifier();
      return {
        verifier,
        challenge: await oauth.calculatePKCECodeChallenge(verifier),
        state: oauth.generateRandomState(),
      };
    },
    register: (as, metadata, fetch) =>
      guard(async () => {
        const res = await oauth.dynamicClientRegistrationRequest(
          asOf(as),
          metadata as Parameters<typeof oauth.dynamicClientRegistrationRequest>[1],
          options(as.registration_endpoint, fetch),
        );
        const { response, note } = await lenientRegistration(res);
        const c = await oauth.processDynamicClientRegistrationResponse(response);
        const secret = typeof c.client_secret === 'string' ? c.client_secret : '';
        const registered = c.token_endpoint_auth_method;
        const method: TokenAuthMethod =
          registered === 'client_secret_basic' || registered === 'client_secret_post' || registered === 'none'
            ? registered
            : secret
              ? 'client_secret_basic'
              : 'none';
        return {
          issuer: as.issuer,
          clientId: c.client_id,
          clientSecret: secret,
          method,
          kind: 'dcr',
          ...(note ? { note } : {}),
        };
      }),
    validateCallback: (as, client, callbackUrl, state) => {
      try {
        return oauth.validateAuthResponse(asOf(as), clientOf(client), new URL(callbackUrl), state);
      } catch (error) {
        throw describeOAuthError(error);
      }
    },
    exchangeCode: (as, client, params, redirectUri, verifier, resource, fetch) =>
      guard(async () => {
        const res = await oauth.authorizationCodeGrantRequest(
          asOf(as),
          clientOf(client),
          clientAuth(client.method, client.clientSecret),
          params,
          redirectUri,
          verifier,
          { ...options(as.token_endpoint, fetch), additionalParameters: { resource } },
        );
        return tokensOf(await oauth.processAuthorizationCodeResponse(asOf(as), clientOf(client), res));
      }),
    refresh: (as, client, refreshToken, resource, fetch) =>
      guard(async () => {
        const res = await oauth.refreshTokenGrantRequest(
          asOf(as),
          clientOf(client),
          clientAuth(client.method, client.clientSecret),
          refreshToken,
          { ...options(as.token_endpoint, fetch), additionalParameters: { resource } },
        );
        return tokensOf(await oauth.processRefreshTokenResponse(asOf(as), clientOf(client), res));
      }),
  };
}
