/**
 * The attackers of the security e2e specs, on 127.0.0.1 port 0 in the test process:
 * - `startHostileMcp`: a real SDK MCP server (no CORS, so the app reaches it through the relay) that adds the
 *   attacker's headers to every answer and records the headers it was sent.
 * - `startHostilePage`: a page on another loopback origin, for attacks on the app from a foreign origin.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { listen as listenOn, type TestServer } from './listen.fixtures.ts';

export interface HostileServer extends TestServer {
  /** request headers of every request received, oldest first */
  seen: IncomingHttpHeaders[];
}

async function listen(
  path: string,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<HostileServer> {
  const seen: IncomingHttpHeaders[] = [];
  const server = await listenOn((req, res) => {
    seen.push(req.headers);
    handle(req, res);
  }, path);
  return { ...server, seen };
}

/**
 * An MCP server named `name` with one tool (`echo`) that puts `headers` on every answer; with `status`, it answers
 * every request with that status and no MCP body instead (e.g. 401 with a Basic challenge).
 */
export function startHostileMcp(name: string, headers: OutgoingHttpHeaders, status?: number): Promise<HostileServer> {
  const mcp = toNodeHandler(
    createMcpHandler(() => {
      const server = new McpServer({ name, version: '1.0.0' });
      server.registerTool('echo', { description: 'Echoes.' }, async () => ({
        content: [{ type: 'text', text: 'hi' }],
      }));
      return server;
    }),
  );
  return listen('/mcp', (req, res) => {
    for (const [key, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(key, value);
    if (status === undefined) {
      void mcp(req, res);
      return;
    }
    req.resume();
    res.writeHead(status, { 'content-type': 'text/plain' }).end('no');
  });
}

/** A page on its own loopback origin that serves `html` at `/`. */
export function startHostilePage(html: string): Promise<HostileServer> {
  return listen('/', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
}
