/**
 * The demo server the page runs in a service worker (`service-worker.ts`): the bundled mock's main endpoint, the
 * same module `npm start` serves at `/mcp` (`createMainHandler`, every scenario of `../scenarios/`), built with
 * WebCrypto instead of node:crypto. This file imports no node built-in; `serve-in-node.ts` mounts it behind
 * node:http so the conformance suite can test exactly what the worker runs.
 *
 * It answers `demo/mcp` under `base` (the worker's scope, e.g. `https://host/sub/`), the MCP endpoint (both eras),
 * and `demo/consent/…`, the consent pages `sign_in` sends the user to (`../consent.ts`). What needs Node stays in the
 * Node mock (see NODE_ONLY).
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { sharedConsentFlows } from '../consent-flows.ts';
import { consentPage } from '../consent.ts';
import { createMainHandler, type MainHandler } from '../main-endpoint.ts';
import { webMockCrypto } from '../portable/mock-crypto.ts';

/** Where the demo's MCP endpoint is, relative to the app's folder. */
export const DEMO_MCP_PATH = 'demo/mcp';

/** The one line the demo's tool list shows about what it leaves to the Node mock. */
const NODE_ONLY =
  'Runs only in the Node mock (npm start), not in this page: the OAuth-protected and sealed-bank endpoints (their ' +
  'authorization servers), the fleet (several server processes) and the chaos endpoint (hand-written on node:http).';

export interface DemoServerOptions {
  /** The folder the demo lives under, ending in `/` (the service worker's scope). */
  base: string;
  /** requestState key material: kept by the worker across restarts so a reload's state still verifies. */
  stateKey: Uint8Array | string;
  log?: (line: string) => void;
}

export interface DemoServer {
  /** Whether a request for `url` is the demo's to answer (anything else goes to the network untouched). */
  handles(url: string): boolean;
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

function registerNote(server: McpServer): void {
  server.registerTool(
    'where_is_the_rest',
    { title: 'What runs only in the Node mock', description: NODE_ONLY },
    () => ({ content: [{ type: 'text', text: NODE_ONLY }] }),
  );
}

const pathOf = (url: string) => url.split(/[?#]/, 1)[0] ?? '';

/** Whether a request for a URL is the demo's to answer, for the demo under `base`. */
export function demoRoutes(base: string): (url: string) => boolean {
  const endpoint = new URL(DEMO_MCP_PATH, base).href;
  const consent = new URL('demo/consent/', base).href;
  return (url) => pathOf(url) === endpoint || pathOf(url).startsWith(consent);
}

export function createDemoServer(opts: DemoServerOptions): DemoServer {
  const endpoint = new URL(DEMO_MCP_PATH, opts.base).href;
  const main: MainHandler = createMainHandler({
    stateKey: opts.stateKey,
    instanceName: 'demo',
    baseUrl: () => new URL('demo', opts.base).href,
    crypto: webMockCrypto,
    register: registerNote,
    ...(opts.log ? { log: opts.log } : {}),
  });
  const demoFolder = new URL('demo/', opts.base);
  const consent = (request: Request): Response => {
    const path = `/${new URL(request.url).pathname.slice(demoFolder.pathname.length)}`;
    const answer = consentPage(request.method, path, sharedConsentFlows, demoFolder.pathname);
    return new Response(request.method === 'HEAD' || answer.status === 303 ? null : answer.body, answer);
  };
  return {
    handles: demoRoutes(opts.base),
    fetch: (request) => (pathOf(request.url) === endpoint ? main(request) : Promise.resolve(consent(request))),
    close: () => main.close(),
  };
}
