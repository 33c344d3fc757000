/**
 * The page's demo server (`in-page-server.ts`, the module the service worker runs) mounted in Node behind node:http,
 * with the SDK's fetch adapter: the conformance suite tests it here exactly as the worker runs it (WebCrypto, the
 * same routes under a sub-path), since the suite cannot reach inside a browser.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createDemoServer, DEMO_MCP_PATH, type DemoServer } from './in-page-server.ts';

export interface DemoInNode {
  /** The demo's MCP endpoint, e.g. `http://127.0.0.1:<port>/app/demo/mcp`. */
  mcpUrl: string;
  close(): Promise<void>;
}

/** `subPath`: the folder the app would be served from (default `/app/`, to exercise a non-root scope). */
export async function serveDemoInNode(
  opts: { subPath?: string; log?: (line: string) => void } = {},
): Promise<DemoInNode> {
  const subPath = opts.subPath ?? '/app/';
  // the demo is built once the port (and so its base URL) is known
  const built: { demo?: DemoServer } = {};
  const handler = toNodeHandler({
    fetch: (request: Request) => {
      if (built.demo?.handles(request.url)) return built.demo.fetch(request);
      return Promise.resolve(new Response('Not found\n', { status: 404 }));
    },
  });
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${subPath}`;
  const stateKey = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const demo = createDemoServer({ base, stateKey, ...(opts.log ? { log: opts.log } : {}) });
  built.demo = demo;
  return {
    mcpUrl: new URL(DEMO_MCP_PATH, base).href,
    close: async () => {
      await demo.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
