/**
 * MCP servers the connection-doctor e2e starts in the test process, on 127.0.0.1 port 0:
 * - `startNoCorsServer`: the plain SDK `createMcpHandler` + `toNodeHandler`, no CORS wrapper (OPTIONS gets 405).
 * - `startAuthServer`: the same SDK server behind a bearer-token check (401 + WWW-Authenticate), with CORS.
 * - `startLegacyServer`: a 2025-era server that only understands `initialize` (protocol 2025-11-25), with CORS.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, fromJsonSchema, McpServer, type JsonSchemaType } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export interface TestServer {
  /** the MCP endpoint, e.g. http://127.0.0.1:40123/mcp */
  url: string;
  close(): Promise<void>;
}

async function listen(listener: RequestListener): Promise<TestServer> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A schema whose x-mcp-header is not a header token: clients must flag the tool and not call it. */
const BAD_HEADER_SCHEMA = {
  type: 'object',
  properties: { zone: { type: 'string', 'x-mcp-header': 'bad zone' } },
} as unknown as JsonSchemaType;

/** A small SDK server: `echo {text}` and `bad_header_tool` (its x-mcp-header is not a header token). */
function sdkServer(name: string): McpServer {
  const server = new McpServer({ name, version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes the text back.', inputSchema: z.object({ text: z.string().default('hello') }) },
    async ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }),
  );
  // The SDK console.warns about this declaration on each tools/list: that is the point of the tool.
  server.registerTool(
    'bad_header_tool',
    {
      description: 'Declares an invalid x-mcp-header.',
      inputSchema: fromJsonSchema<{ zone?: string }>(BAD_HEADER_SCHEMA),
    },
    async () => ({ content: [{ type: 'text', text: 'should never be called' }] }),
  );
  return server;
}

/** The SDK's own handler, nothing added: what most real MCP servers look like to a browser. */
export function startNoCorsServer(): Promise<TestServer> {
  const node = toNodeHandler(createMcpHandler(() => sdkServer('no-cors-sdk')));
  return listen((req, res) => void node(req, res));
}

/** Echo the preflight's request headers and the page's origin, and expose what an inspector must read. */
function cors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'WWW-Authenticate, Content-Type');
    res.setHeader('Vary', 'Origin');
  }
  if (req.method !== 'OPTIONS') return false;
  res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  res.writeHead(204).end();
  return true;
}

export const AUTH_CHALLENGE = 'Bearer realm="e2e-auth", error="invalid_token"';

/** Needs `Authorization: Bearer <token>`; anything else gets 401 with a challenge. */
export function startAuthServer(token: string): Promise<TestServer> {
  const node = toNodeHandler(createMcpHandler(() => sdkServer('auth-sdk')));
  return listen((req, res) => {
    if (cors(req, res)) return;
    if (req.headers.authorization !== `Bearer ${token}`) {
      req.resume();
      res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': AUTH_CHALLENGE });
      res.end(JSON.stringify({ error: 'invalid_token', error_description: 'A bearer token is required' }));
      return;
    }
    void node(req, res);
  });
}

async function readJson(req: IncomingMessage): Promise<{ id?: unknown; method?: unknown } | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown; method?: unknown };
  } catch {
    return null;
  }
}

/** Answers `initialize` (2025-11-25) and refuses anything sent before it, as 2025 SDK servers do. */
export function startLegacyServer(): Promise<TestServer> {
  return listen(async (req, res) => {
    if (cors(req, res)) return;
    const msg = await readJson(req);
    res.setHeader('Content-Type', 'application/json');
    if (req.method !== 'POST' || !msg) {
      res.writeHead(req.method === 'POST' ? 400 : 405).end();
      return;
    }
    if (msg.method !== 'initialize') {
      res.writeHead(400);
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32000, message: 'Bad Request: Server not initialized' },
        }),
      );
      return;
    }
    const result = {
      protocolVersion: '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 'legacy-2025', version: '0.9.0' },
    };
    res.writeHead(200, { 'Mcp-Session-Id': 'legacy-session-1' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id ?? null, result }));
  });
}
