/**
 * What the OAuth flow needs from an OAuth client library, as plain types (implemented at the client edge by
 * `client/auth/oauth4webapi-lib.ts` on oauth4webapi). The flow passes a `fetch` per call so every exchange is recorded.
 */
import type { TokenAuthMethod } from './client-identity.ts';

export type AuthFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface AsMetadata {
  issuer: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  registration_endpoint?: string;
  scopes_supported?: string[];
  code_challenge_methods_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
  authorization_response_iss_parameter_supported?: boolean;
  client_id_metadata_document_supported?: boolean;
  [key: string]: unknown;
}

export interface RegisteredClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
  method: TokenAuthMethod;
  /** how this client id came to be */
  kind: 'pre-registered' | 'cimd' | 'dcr';
  /** something the registration response did that the user should know */
  note?: string;
}

export interface TokenResponse {
  accessToken: string;
  tokenType: string;
  refreshToken?: string;
  expiresIn?: number;
  scope?: string;
}

/** A library failure in plain words; `code` is the OAuth error code when the server sent one. */
export class OAuthFlowError extends Error {
  override readonly name = 'OAuthFlowError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface OAuthLib {
  /** validate AS metadata fetched for `issuer` (issuer equality, JSON shape); throws OAuthFlowError */
  processAsMetadata(issuer: string, response: Response): Promise<AsMetadata>;
  pkce(): Promise<{ verifier: string; challenge: string; state: string }>;
  register(as: AsMetadata, metadata: Record<string, unknown>, fetch: AuthFetch): Promise<RegisteredClient>;
  /** RFC 9207 + state + error checks of the redirect; returns its parameters; throws OAuthFlowError */
  validateCallback(as: AsMetadata, client: RegisteredClient, callbackUrl: string, state: string): URLSearchParams;
  exchangeCode(
    as: AsMetadata,
    client: RegisteredClient,
    params: URLSearchParams,
    redirectUri: string,
    verifier: string,
    resource: string,
    fetch: AuthFetch,
  ): Promise<TokenResponse>;
  refresh(
    as: AsMetadata,
    client: RegisteredClient,
    refreshToken: string,
    resource: string,
    fetch: AuthFetch,
  ): Promise<TokenResponse>;
}
