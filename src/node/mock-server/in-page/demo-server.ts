/**
 * The demo server the page runs in a service worker (`service-worker.ts`): the bundled mock's main endpoint, the
 * same module `npm start` serves at `/mcp` (`createMainHandler`, every scenario of `../scenarios/`), built with
 * WebCrypto instead of node:crypto. This file imports no node built-in; `serve-in-node.ts` mounts it behind
 * node:http so the conformance suite can test exactly what the worker runs.
 *
 * It answers one URL: `demo/mcp` under `base` (the worker's scope, e.g. `https://host/sub/`), the MCP endpoint (both
 * eras). What needs Node stays in the Node mock (see NODE_ONLY).
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { createMainHandler, type MainHandler } from '../main-endpoint.ts';
import { webMockCrypto } from '../portable/mock-crypto.ts';

/** Where the demo's MCP endpoint is, relative to the app's folder. */
export const DEMO_MCP_PATH = 'demo/mcp';

/** The one line the demo's tool list shows about what it leaves to the Node mock. */
const NODE_ONLY =
  'Runs only in the Node mock (npm start), not in this page: the OAuth-protected and sealed-bank endpoints (their ' +
  'authorization servers), the fleet (several server processes), the chaos endpoint (raw sockets), and the ' +
  'sign_in consent page.';

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
  return {
    handles: (url) => url.split(/[?#]/, 1)[0] === endpoint,
    fetch: (request) => main(request),
    close: () => main.close(),
  };
}
