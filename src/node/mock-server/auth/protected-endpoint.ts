/**
 * The mock's authorization-protected MCP endpoints, `/auth/<variant>/mcp`: the main endpoint's tools behind a bearer
 * check against the variant's authorization server (tokens looked up in oidc-provider: active, issued for this
 * resource). No token: 401 with `WWW-Authenticate: Bearer resource_metadata=…, scope="mcp:read"`. Reading needs
 * `mcp:read`; `tools/call` (by its `Mcp-Method` header) needs `mcp:write` too, else 403 `insufficient_scope` (step-up).
 * Protected Resource Metadata (RFC 9728) at `/.well-known/oauth-protected-resource/auth/<variant>/mcp`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AUTH_VARIANTS, createAuthServer, type AuthVariant, type MountedAuthServer } from './authorization-server.ts';

export interface ProtectedEndpointsOptions {
  base: () => string;
  autoApprove: boolean;
  preRegisteredRedirects: string[];
  /** the unprotected main endpoint (node handler) that serves an authorized request */
  serve: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
  log: (line: string) => void;
}

const PRM_PREFIX = '/.well-known/oauth-protected-resource';

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

export function createProtectedEndpoints(opts: ProtectedEndpointsOptions) {
  const servers = new Map<AuthVariant, MountedAuthServer>();
  const serverFor = (variant: AuthVariant): MountedAuthServer => {
    let s = servers.get(variant);
    if (!s) {
      s = createAuthServer({
        base: opts.base(),
        variant,
        autoApprove: opts.autoApprove,
        preRegisteredRedirects: opts.preRegisteredRedirects,
      });
      servers.set(variant, s);
    }
    return s;
  };
  const variantOf = (segment: string | undefined): AuthVariant | undefined => AUTH_VARIANTS.find((v) => v === segment);

  async function guard(
    req: IncomingMessage,
    res: ServerResponse,
    server: MountedAuthServer,
    variant: AuthVariant,
  ): Promise<void> {
    const prm = `${opts.base()}${PRM_PREFIX}/auth/${variant}/mcp`;
    const challenge = (extra: string) => `Bearer resource_metadata="${prm}", ${extra}`;
    const auth = req.headers.authorization;
    const value = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
    const token = value ? await server.provider.AccessToken.find(value) : undefined;
    if (!token || token.isExpired || (token.aud !== undefined && !server.accepts(String(token.aud)))) {
      const error = value ? ', error="invalid_token"' : '';
      json(
        res,
        401,
        { error: value ? 'invalid_token' : 'unauthorized' },
        { 'www-authenticate': challenge(`scope="mcp:read"${error}`) },
      );
      return;
    }
    const scopes = new Set(String(token.scope ?? '').split(' '));
    const needed = req.headers['mcp-method'] === 'tools/call' ? ['mcp:read', 'mcp:write'] : ['mcp:read'];
    const missing = needed.filter((s) => !scopes.has(s));
    if (missing.length > 0) {
      json(
        res,
        403,
        { error: 'insufficient_scope' },
        {
          'www-authenticate': challenge(
            `error="insufficient_scope", scope="${needed.join(' ')}", error_description="needs ${missing.join(' ')}"`,
          ),
        },
      );
      return;
    }
    await opts.serve(req, res);
  }

  /** Handles `/auth/…` and the PRM under `/.well-known/oauth-protected-resource/auth/…`; false when not ours. */
  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (path.startsWith(`${PRM_PREFIX}/auth/`)) {
      const variant = variantOf(path.split('/')[4]);
      if (!variant || path !== `${PRM_PREFIX}/auth/${variant}/mcp`) return false;
      const server = serverFor(variant);
      json(res, 200, {
        // resource-mismatch: names another endpoint than the one that pointed here (a client must stop)
        resource: variant === 'resource-mismatch' ? `${opts.base()}/auth/dcr/mcp` : server.resource,
        authorization_servers: [server.url],
        scopes_supported: ['mcp:read'],
        bearer_methods_supported: ['header'],
      });
      return true;
    }
    if (!path.startsWith('/auth/')) return false;
    const variant = variantOf(path.split('/')[2]);
    if (!variant) return false;
    const server = serverFor(variant);
    if (path === `/auth/${variant}/mcp`) {
      await guard(req, res, server, variant);
      opts.log(`[auth/${variant}] ${req.method} ${path} -> ${res.statusCode}`);
      return true;
    }
    await server.handle(req, res);
    opts.log(`[auth/${variant}] ${req.method} ${path} -> ${res.statusCode}`);
    return true;
  }

  return { handle, serverFor };
}
