/**
 * Fleet mode of the mock MCP server: one URL, two server instances behind it, round-robined per POST.
 * This is the situation MRTR is designed for: any instance may serve any leg of a multi-round-trip request,
 * provided the instances can verify each other's `requestState`.
 *
 * - `/fleet/shared`: instances `a` and `b` share one requestState key, so a retry that lands on the other
 *   instance verifies and completes.
 * - `/fleet/split`: each instance has its own key, so a retry that lands on the other instance is answered with
 *   the frozen `-32602 Invalid or expired requestState`.
 *
 * `/fleet/shared/a`, `/fleet/shared/b` (and the same under `split`) reach one instance each, without advancing the
 * round-robin: one URL per instance, for checks that mint on one instance and retry on another.
 *
 * Both instances are the normal main endpoint (`createMainHandler`), so every tool of `/mcp` exists here too.
 * Keys are random per process (`crypto.randomBytes(32)`). Instance names passed to `createMainHandler` are
 * `a` / `b`; every response carries `X-Mock-Instance: a|b` (forced here) and `X-Mock-Fleet: shared|split`.
 * The counter is per route and counts POSTs only (CORS preflights, GET, DELETE do not advance it; non-POST requests
 * go to the instance the next POST would use). Each route's first POST goes to `a`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { applyCors } from './cors.ts';
import { nodeMockCrypto } from './portable/mock-crypto-node.ts';
import { createMainHandler } from './main-endpoint.ts';

type FleetMode = 'shared' | 'split';
type FleetInstanceName = 'a' | 'b';

interface FleetInstance {
  name: FleetInstanceName;
  close(): Promise<void>;
  node: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

interface FleetRoute {
  mode: FleetMode;
  posts: number;
  instances: readonly [FleetInstance, FleetInstance];
}

const routes = new Map<FleetMode, FleetRoute>();

function makeInstance(
  mode: FleetMode,
  name: FleetInstanceName,
  stateKey: Uint8Array,
  baseUrl: () => string,
): FleetInstance {
  const handler = createMainHandler({
    stateKey,
    instanceName: name,
    baseUrl,
    eras: 'modern',
    crypto: nodeMockCrypto,
  });
  const node = toNodeHandler({
    fetch: async (request: Request) => {
      let response: Response;
      try {
        response = await handler(request);
      } catch (err) {
        console.error(`[mock-server] fleet/${mode}/${name}: handler threw`, err);
        response = Response.json(
          { jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error in the mock fleet instance' } },
          { status: 500 },
        );
      }
      // Response headers may be immutable (e.g. Response.json / fetch responses), so copy them.
      const headers = new Headers(response.headers);
      headers.set('X-Mock-Instance', name);
      headers.set('X-Mock-Fleet', mode);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
  });
  return { name, close: () => handler.close(), node: (req, res) => node(req, res) };
}

function getRoute(mode: FleetMode, baseUrl: () => string): FleetRoute {
  let route = routes.get(mode);
  if (!route) {
    const sharedKey = randomBytes(32);
    const keyA = mode === 'shared' ? sharedKey : randomBytes(32);
    const keyB = mode === 'shared' ? sharedKey : randomBytes(32);
    route = {
      mode,
      posts: 0,
      instances: [makeInstance(mode, 'a', keyA, baseUrl), makeInstance(mode, 'b', keyB, baseUrl)],
    };
    routes.set(mode, route);
  }
  return route;
}

/** Latest origin seen per route (`http://<Host>`), used as the instances' baseUrl for URL-mode flows. */
const lastOrigin = new Map<FleetMode, string>();

function originOf(req: IncomingMessage): string {
  const host = req.headers.host ?? 'localhost';
  const tls = (req.socket as { encrypted?: boolean }).encrypted === true;
  return `${tls ? 'https' : 'http'}://${host}`;
}

/** For tests: forget the round-robin position (keys are kept for the life of the process). */
export function resetFleetCounters(): void {
  for (const route of routes.values()) route.posts = 0;
}

export async function handleFleet(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const match = /^\/fleet\/(shared|split)(?:\/(a|b))?$/.exec(path.replace(/\/+$/, ''));
  const mode = match?.[1] as FleetMode | undefined;
  const pinned = match?.[2] as FleetInstanceName | undefined;

  if (applyCors(req, res)) return; // preflight / refused Origin: never counted

  if (!mode) {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: `Not found: ${path} (fleet endpoints: /fleet/shared, /fleet/split)` },
    });
    res.writeHead(404, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) });
    res.end(body);
    return;
  }

  lastOrigin.set(mode, originOf(req));
  const route = getRoute(mode, () => lastOrigin.get(mode) ?? 'http://localhost');

  // `/fleet/<mode>/a|b` reaches one instance directly (one URL per instance, as a fleet's own hosts would be)
  if (pinned) return route.instances[pinned === 'a' ? 0 : 1].node(req, res);
  const instance = route.instances[route.posts % 2 === 0 ? 0 : 1];
  if (req.method === 'POST') route.posts++;
  await instance.node(req, res);
}
