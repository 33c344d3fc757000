/**
 * The routes of the sealed endpoints (`seal-endpoint.ts`) on the mock:
 *
 * - `/seal/<variant>/mcp`: one endpoint per variant, every one behind a bearer token of the `/auth/seal`
 *   authorization server (two users, alice and bob), all sharing one requestState key, as services of one company
 *   would. A token issued for any `/seal/...` resource is taken by all of them (one audience family), so the audit can
 *   carry one identity to a sibling service. No token: 401 with the Protected Resource Metadata's address.
 * - `/seal/rotation/<step>/<a|b>/mcp`: a two-instance fleet at one step of a key rotation (no sign-in), see
 *   `ROTATION_STEPS`.
 * - `/.well-known/oauth-protected-resource/seal/<variant>/mcp`: Protected Resource Metadata naming `/auth/seal`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { MountedAuthServer } from '../auth/authorization-server.ts';
import { keyRing } from './seal-codec.ts';
import { createSealEndpoint, SEAL_VARIANTS, type SealEndpoint, type SealVariant } from './seal-endpoint.ts';

/** Which keys each rotation instance holds at each step (`keys[0]` mints, every key verifies). */
export const ROTATION_STEPS = {
  /** before the rotation */
  old: [['OLD'], ['OLD']],
  /** phase 1 rolling out: a verifies NEW, b not yet (both still mint OLD) */
  'verify-new-half': [['OLD', 'NEW'], ['OLD']],
  /** phase 1 done */
  'verify-new': [
    ['OLD', 'NEW'],
    ['OLD', 'NEW'],
  ],
  /** phase 2 rolling out: a mints NEW, b still mints OLD; both verify both */
  'mint-new-half': [
    ['NEW', 'OLD'],
    ['OLD', 'NEW'],
  ],
  /** phase 2 done */
  'mint-new': [
    ['NEW', 'OLD'],
    ['NEW', 'OLD'],
  ],
  /** phase 3 (one TTL after phase 2): OLD retired */
  'retire-old': [['NEW'], ['NEW']],
  /** the wrong order: a mints NEW before b can verify it */
  'minter-first': [['NEW', 'OLD'], ['OLD']],
} as const satisfies Record<string, readonly [readonly ('OLD' | 'NEW')[], readonly ('OLD' | 'NEW')[]]>;
export type RotationStep = keyof typeof ROTATION_STEPS;

export interface SealRoutesOptions {
  base: () => string;
  /** the authorization server of `/seal/*` (the `seal` variant) */
  authServer: () => MountedAuthServer;
  /** the shared key of every `/seal/<variant>` endpoint; default random per process */
  key?: Uint8Array | string;
  /** lifetime of sealed state (default 600 s) */
  ttlSeconds?: number;
  log?: (line: string) => void;
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const PRM_PREFIX = '/.well-known/oauth-protected-resource';

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export function createSealRoutes(opts: SealRoutesOptions) {
  const key = opts.key ?? randomBytes(32);
  const rotationKeys = { OLD: randomBytes(32), NEW: randomBytes(32) };
  const ttlSeconds = opts.ttlSeconds ?? 600;
  const log = opts.log ?? (() => {});
  const endpoints = new Map<string, SealEndpoint>();
  const nodes = new Map<string, NodeHandler>();

  const endpointFor = (name: string, make: () => SealEndpoint): SealEndpoint => {
    let e = endpoints.get(name);
    if (!e) {
      e = make();
      endpoints.set(name, e);
    }
    return e;
  };

  /** the bearer token's identity, or a 401/403 answer */
  const authenticate = async (req: Request, variant: SealVariant): Promise<AuthInfo | Response> => {
    const server = opts.authServer();
    const prm = `${opts.base()}${PRM_PREFIX}/seal/${variant}/mcp`;
    const auth = req.headers.get('authorization');
    const value = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
    const token = value ? await server.provider.AccessToken.find(value) : undefined;
    const aud = typeof token?.aud === 'string' ? token.aud : '';
    if (!token || token.isExpired || !aud.startsWith(`${opts.base()}/seal/`)) {
      return Response.json(
        { error: value ? 'invalid_token' : 'unauthorized' },
        {
          status: 401,
          headers: {
            'www-authenticate': `Bearer resource_metadata="${prm}", scope="mcp:read"${value ? ', error="invalid_token"' : ''}`,
          },
        },
      );
    }
    const scopes = String(token.scope ?? '').split(' ');
    if (req.headers.get('mcp-method') === 'tools/call' && !scopes.includes('mcp:write')) {
      return Response.json(
        { error: 'insufficient_scope' },
        {
          status: 403,
          headers: {
            'www-authenticate': `Bearer resource_metadata="${prm}", error="insufficient_scope", scope="mcp:read mcp:write"`,
          },
        },
      );
    }
    return {
      token: value!,
      clientId: String(token.clientId),
      scopes,
      issuer: server.issuer,
      subject: String(token.accountId),
    } as AuthInfo;
  };

  const nodeFor = (name: string, fetch: (req: Request) => Promise<Response>): NodeHandler => {
    let n = nodes.get(name);
    if (!n) {
      n = toNodeHandler({ fetch }, { onerror: (err) => log(`[seal] adapter error: ${err.message}`) });
      nodes.set(name, n);
    }
    return n;
  };

  const sealed = (variant: SealVariant): NodeHandler =>
    nodeFor(variant, async (req) => {
      const endpoint = endpointFor(variant, () =>
        createSealEndpoint({
          variant,
          ring: keyRing([key]),
          signKey: new Uint8Array(Buffer.from(key)),
          ttlSeconds,
          log,
        }),
      );
      const auth = await authenticate(req, variant);
      return auth instanceof Response ? auth : endpoint(req, auth);
    });

  const rotation = (step: RotationStep, instance: 'a' | 'b'): NodeHandler =>
    nodeFor(`rotation/${step}/${instance}`, (req) => {
      const names = ROTATION_STEPS[step][instance === 'a' ? 0 : 1];
      const endpoint = endpointFor(`rotation/${step}/${instance}`, () =>
        createSealEndpoint({
          variant: 'rotation',
          ring: keyRing(names.map((n) => rotationKeys[n])),
          ttlSeconds,
          audience: 'seal-rotation',
          log,
        }),
      );
      return endpoint(req);
    });

  /** Serves `/seal/...` and its Protected Resource Metadata; false when the path is not one of them. */
  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const prm = new RegExp(`^${PRM_PREFIX}/seal/([a-z-]+)/mcp$`).exec(path);
    if (prm) {
      const variant = SEAL_VARIANTS.find((v) => v === prm[1]);
      if (!variant) return false;
      json(res, 200, {
        resource: `${opts.base()}/seal/${variant}/mcp`,
        authorization_servers: [opts.authServer().url],
        scopes_supported: ['mcp:read', 'mcp:write'],
        bearer_methods_supported: ['header'],
      });
      return true;
    }
    const rot = /^\/seal\/rotation\/([a-z-]+)\/(a|b)\/mcp$/.exec(path);
    if (rot) {
      const step = Object.keys(ROTATION_STEPS).find((s) => s === rot[1]) as RotationStep | undefined;
      if (!step) return false;
      await rotation(step, rot[2] as 'a' | 'b')(req, res);
      log(`[seal/rotation/${step}/${rot[2]}] ${req.method} ${path} -> ${res.statusCode}`);
      return true;
    }
    const one = /^\/seal\/([a-z-]+)\/mcp$/.exec(path);
    const variant = SEAL_VARIANTS.find((v) => v === one?.[1]);
    if (!variant) return false;
    await sealed(variant)(req, res);
    log(`[seal/${variant}] ${req.method} ${path} -> ${res.statusCode}`);
    return true;
  }

  return {
    handle,
    close: async () => {
      await Promise.all([...endpoints.values()].map((e) => e.close().catch(() => {})));
      endpoints.clear();
    },
  };
}
