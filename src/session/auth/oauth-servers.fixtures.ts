/**
 * A scripted resource server + authorization server for the flow's Node tests: answers the recorded requests the way
 * the conformance suite's servers do, with knobs for each failure. Test support only.
 */
import type { AuthHttpResult } from './oauth-recorder.ts';
import type { AuthHttpRequest } from '../../protocol/auth/http.ts';

export interface FakeOptions {
  prmResource?: string;
  metadataIssuer?: string;
  pkce?: string[] | null;
  issInRedirect?: 'correct' | 'wrong' | 'omit' | 'normalized';
  issAdvertised?: boolean;
  authError?: string;
  noCode?: boolean;
  tokenError?: string;
  authMethods?: string[];
  asScopes?: string[];
  cimd?: boolean;
  /** the metadata lists no registration_endpoint */
  noRegistration?: boolean;
}

export const RS = 'http://localhost:7001';
export const AS = 'http://localhost:7002';

export function fakeServers(o: FakeOptions = {}) {
  const log: AuthHttpRequest[] = [];
  const json = (status: number, body: unknown): AuthHttpResult => ({
    response: { status, headers: [['content-type', 'application/json']], body: JSON.stringify(body) },
    via: 'direct',
  });
  let challenge = '';
  // each token response hands out a new access token (at-1, at-2, ...), so a refresh is told from the sign-in
  let issued = 0;
  const http = async (req: AuthHttpRequest): Promise<AuthHttpResult> => {
    log.push(req);
    const url = new URL(req.url);
    if (url.href === `${RS}/.well-known/oauth-protected-resource/mcp`)
      return json(200, {
        resource: o.prmResource ?? `${RS}/mcp`,
        authorization_servers: [AS],
        scopes_supported: ['mcp:basic'],
      });
    if (url.href === `${AS}/.well-known/oauth-authorization-server`)
      return json(200, {
        issuer: o.metadataIssuer ?? AS,
        authorization_endpoint: `${AS}/authorize`,
        token_endpoint: `${AS}/token`,
        ...(o.noRegistration ? {} : { registration_endpoint: `${AS}/register` }),
        response_types_supported: ['code'],
        ...(o.pkce === null ? {} : { code_challenge_methods_supported: o.pkce ?? ['S256'] }),
        token_endpoint_auth_methods_supported: o.authMethods ?? ['none'],
        ...(o.issAdvertised === false ? {} : { authorization_response_iss_parameter_supported: true }),
        ...(o.asScopes ? { scopes_supported: o.asScopes } : {}),
        ...(o.cimd ? { client_id_metadata_document_supported: true } : {}),
      });
    if (url.href === `${AS}/register`) {
      const body = JSON.parse(req.body ?? '{}') as { token_endpoint_auth_method?: string };
      const m = body.token_endpoint_auth_method ?? 'none';
      return json(201, {
        client_id: 'dcr-client',
        ...(m === 'none' ? {} : { client_secret: 'dcr-secret' }),
        token_endpoint_auth_method: m,
      });
    }
    if (url.href === `${AS}/token`) {
      if (o.tokenError) return json(400, { error: o.tokenError, error_description: 'refused' });
      return json(200, {
        access_token: `at-${++issued}`,
        token_type: 'Bearer',
        expires_in: 60,
        refresh_token: 'rt-1',
        scope: 'mcp:basic',
      });
    }
    return json(404, { error: 'not_found' });
  };
  const openBrowser = async (authorizeUrl: string): Promise<string> => {
    const a = new URL(authorizeUrl);
    challenge = a.searchParams.get('code_challenge') ?? '';
    const back = new URL(a.searchParams.get('redirect_uri') ?? '');
    if (o.authError) back.searchParams.set('error', o.authError);
    else if (!o.noCode) back.searchParams.set('code', 'code-1');
    back.searchParams.set('state', a.searchParams.get('state') ?? '');
    const iss = o.issInRedirect ?? 'correct';
    if (iss === 'correct') back.searchParams.set('iss', AS);
    if (iss === 'wrong') back.searchParams.set('iss', 'https://evil.example.com');
    if (iss === 'normalized') back.searchParams.set('iss', `${AS}/`);
    log.push({ method: 'GET', url: authorizeUrl, headers: [] });
    return back.href;
  };
  return { http, openBrowser, log, challengeSent: () => challenge };
}
