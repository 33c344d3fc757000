/**
 * The mock's authorization servers: real OAuth 2.1 / OpenID Connect providers (oidc-provider, a certified OpenID
 * Provider), one per variant, each mounted at `/auth/<variant>` on the mock:
 *   cimd   advertises Client ID Metadata Documents (and Dynamic Client Registration)
 *   dcr    Dynamic Client Registration only
 *   short  Dynamic Client Registration, access tokens that live 20 s (refresh tokens with offline_access)
 * and the misconfigured ones, each showing one failure a client must catch (the same provider, one thing wrong):
 *   malformed        its metadata document is not a JSON object
 *   issuer-mismatch  configured with another issuer than the URL it is served at (metadata says `/auth/elsewhere`)
 *   resource-mismatch  its Protected Resource Metadata names another server's endpoint (protected-endpoint.ts)
 *   no-pkce          its metadata leaves out code_challenge_methods_supported
 *   denied           the consent step answers access_denied (a user who says no)
 * and `seal`, the authorization server of the `/seal/*` endpoints (seal/seal-routes.ts): it issues tokens for any of
 * them (one authorization server for a family of services that share a requestState key).
 * Two users, `alice` and `bob`: the consent page has a choice; with autoApprove, `login_hint` picks one (default alice).
 * All of them know the pre-registered client `mrtr-preregistered` / `mrtr-preregistered-secret` (client_secret_basic),
 * need PKCE S256, take RFC 8707 resource indicators (audience = the protected endpoint) and send `iss` on redirects.
 * Consent: a page with Approve / Deny for people; `autoApprove` (the e2e suite) approves at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type Configuration } from 'oidc-provider';
import { MemoryAdapter } from './memory-adapter.ts';

export const AUTH_VARIANTS = [
  'cimd',
  'dcr',
  'short',
  'malformed',
  'issuer-mismatch',
  'resource-mismatch',
  'no-pkce',
  'denied',
  'seal',
] as const;
export type AuthVariant = (typeof AUTH_VARIANTS)[number];
export const PRE_REGISTERED = { clientId: 'mrtr-preregistered', clientSecret: 'mrtr-preregistered-secret' };
const MOCK_SCOPES = ['mcp:read', 'mcp:write'];
/** the users every authorization server knows (the token's subject); the first is the default */
const MOCK_USERS = ['alice', 'bob'] as const;

export interface AuthServerOptions {
  /** mock base URL, e.g. http://127.0.0.1:8765 */
  base: string;
  variant: AuthVariant;
  autoApprove: boolean;
  /** redirect URIs the pre-registered client may use */
  preRegisteredRedirects: string[];
}

export interface MountedAuthServer {
  issuer: string;
  /** where it is served (the issuer, except on issuer-mismatch): what the Protected Resource Metadata names */
  url: string;
  /** the protected MCP endpoint this server issues tokens for */
  resource: string;
  /**
   * Is a token for `audience` good at the protected endpoint? Its own URL, or the same path on another loopback
   * origin: a local proxy in front of the mock (the inspector's), which a client given the proxy's URL asks a token for.
   */
  accepts(audience: string): boolean;
  provider: Provider;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

function consentPage(uid: string, client: string, scopes: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><title>Authorize ${esc(client)}</title></head><body style="font:16px system-ui;margin:2rem">
<h1>Authorize ${esc(client)}?</h1><p>It asks for: ${esc(scopes || '(no scopes)')}</p>
<form method="post" action="./${esc(uid)}/approve"><label>Sign in as <select name="user">${MOCK_USERS.map((u) => `<option>${u}</option>`).join('')}</select></label>
<button type="submit">Approve</button></form>
<form method="post" action="./${esc(uid)}/deny"><button type="submit">Deny</button></form></body></html>`;
}

/**
 * OpenID Connect Core §11 lets `offline_access` through with `prompt=consent`, "unless other conditions for processing
 * the request permitting offline access are in place"; oidc-provider only knows the first way and drops the scope
 * otherwise. This server always asks the user (the consent page), so an authorization request for `offline_access` is
 * taken as one asking for consent: MCP clients add the scope (SEP-2207) and never send `prompt`.
 */
function offlineAccessAsksForConsent(local: string): string {
  if (!local.startsWith('/auth?')) return local;
  const query = new URLSearchParams(local.slice('/auth?'.length));
  const scopes = (query.get('scope') ?? '').split(' ');
  if (!scopes.includes('offline_access') || query.has('prompt')) return local;
  query.set('prompt', 'consent');
  return `/auth?${query.toString()}`;
}

/** The user picked on the consent page (form field `user`), else the one `login_hint` names. */
async function chosenUser(req: IncomingMessage, hint: unknown): Promise<string | undefined> {
  const known = (name: unknown) => MOCK_USERS.find((u) => u === name);
  if (req.method === 'POST') {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const picked = known(new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('user'));
    if (picked) return picked;
  }
  return known(hint);
}

/** `indicator` names `resource`'s path on a loopback origin (a local proxy in front of it), not `resource` itself. */
function loopbackAlias(indicator: string, resource: string): boolean {
  try {
    const asked = new URL(indicator);
    return (
      indicator !== resource &&
      asked.protocol === 'http:' &&
      ['127.0.0.1', 'localhost', '[::1]'].includes(asked.hostname) &&
      `${asked.pathname}${asked.search}` === new URL(resource).pathname
    );
  } catch {
    return false;
  }
}

export function createAuthServer(opts: AuthServerOptions): MountedAuthServer {
  const prefix = `/auth/${opts.variant}`;
  const issuer = opts.variant === 'issuer-mismatch' ? `${opts.base}/auth/elsewhere` : `${opts.base}${prefix}`;
  const resource = `${opts.base}${prefix}/mcp`;
  const accepts = (audience: string): boolean => audience === resource || loopbackAlias(audience, resource);
  const ttl = opts.variant === 'short' ? 20 : 600;
  const config: Configuration = {
    adapter: MemoryAdapter,
    clients: [
      {
        client_id: PRE_REGISTERED.clientId,
        client_secret: PRE_REGISTERED.clientSecret,
        redirect_uris: opts.preRegisteredRedirects,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    scopes: ['openid', 'offline_access', ...MOCK_SCOPES],
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          const family = opts.variant === 'seal' && indicator.startsWith(`${opts.base}/seal/`);
          if (!accepts(indicator) && !family) throw new errors.InvalidTarget(`unknown resource ${indicator}`);
          // a proxy's URL (loopbackAlias) is the token's audience, as the client asked
          if (family || indicator !== resource)
            return {
              scope: MOCK_SCOPES.join(' '),
              audience: indicator,
              accessTokenTTL: ttl,
              accessTokenFormat: 'opaque',
            };
          return { scope: MOCK_SCOPES.join(' '), audience: resource, accessTokenTTL: ttl, accessTokenFormat: 'opaque' };
        },
      },
    },
    discovery: opts.variant === 'cimd' ? { client_id_metadata_document_supported: true } : {},
    pkce: { required: () => true },
    ttl: { AccessToken: ttl, AuthorizationCode: 60, RefreshToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `${prefix}/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
    clientBasedCORS: () => true,
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    cookies: { keys: ['mrtr-mock-auth-cookie-key'] },
  };
  const provider = new Provider(issuer, config);
  provider.proxy = false;
  // the documented post-middleware hook: the metadata document as these variants get it wrong
  if (opts.variant === 'malformed' || opts.variant === 'no-pkce')
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.path !== '/.well-known/openid-configuration' || ctx.status !== 200) return;
      if (opts.variant === 'malformed') ctx.body = ['this', 'is', 'not', 'authorization server metadata'];
      else delete (ctx.body as Record<string, unknown>).code_challenge_methods_supported;
    });
  const callback = provider.callback();

  /** Log the chosen user in and grant what was asked, in one step (login and consent together). */
  async function approve(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const { params } = details;
    const accountId = (await chosenUser(req, params.login_hint)) ?? details.session?.accountId ?? MOCK_USERS[0];
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(params.client_id) });
    if (!grant) throw new Error('grant not found');
    const requested = String(params.scope ?? '').split(' ');
    // the mcp:* scopes are both provider scopes (what the client asked for) and the resource's scopes (the token's)
    grant.addOIDCScope(
      requested.filter((s) => s === 'openid' || s === 'offline_access' || MOCK_SCOPES.includes(s)).join(' '),
    );
    // the resource asked for (the seal server serves a family of them; the others, their one endpoint)
    const asked = typeof params.resource === 'string' ? params.resource : resource;
    grant.addResourceScope(asked, requested.filter((s) => MOCK_SCOPES.includes(s)).join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const local = url.slice(prefix.length) || '/';
    const interaction = /^\/interaction\/([^/?]+)(\/approve|\/deny)?/.exec(local);
    if (interaction) {
      try {
        if (interaction[2] === '/deny' || (opts.autoApprove && opts.variant === 'denied')) {
          await provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'The user denied the request.' },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        if (interaction[2] === '/approve' || opts.autoApprove) {
          await approve(req, res);
          return;
        }
        const details = await provider.interactionDetails(req, res);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(consentPage(details.uid, String(details.params.client_id), String(details.params.scope ?? '')));
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Interaction failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      return;
    }
    // oidc-provider routes relative to its issuer path
    req.url = offlineAccessAsksForConsent(local);
    // (the provider finds its mount path by comparing the two, so they end alike)
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = `${prefix}${req.url}`;
    callback(req, res);
  }

  return { issuer, url: `${opts.base}${prefix}`, resource, accepts, provider, handle };
}
