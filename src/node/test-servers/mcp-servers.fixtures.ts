/**
 * MCP servers the tests start in their own process (127.0.0.1, port 0), each at `<origin>/mcp`:
 * - `startNoCorsServer`: the plain SDK `createMcpHandler` + `toNodeHandler`, no CORS wrapper (OPTIONS gets 405).
 * - `startAuthServer`: the same SDK server behind a bearer-token check (401 + WWW-Authenticate), with CORS or not.
 * - `startLegacyServer`: a 2025-era server that only understands `initialize` (protocol 2025-11-25), answering in JSON
 *   or over SSE, with CORS or not.
 * Used by the connection-doctor e2e and the relay's unit tests.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, fromJsonSchema, McpServer, type JsonSchemaType } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { listen, readAll, type TestServer } from './listen.fixtures.ts';

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

const atMcp = (listener: RequestListener) => listen(listener, '/mcp');

/** The SDK's own handler, nothing added: what most real MCP servers look like to a browser. */
export function startNoCorsServer(): Promise<TestServer> {
  const node = toNodeHandler(createMcpHandler(() => sdkServer('no-cors-sdk')));
  return atMcp((req, res) => void node(req, res));
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

/** Needs `Authorization: Bearer <token>`; anything else gets 401 with `challenge` (CORS unless `cors: false`). */
export function startAuthServer(token: string, opts: { challenge?: string; cors?: boolean } = {}): Promise<TestServer> {
  const node = toNodeHandler(createMcpHandler(() => sdkServer('auth-sdk')));
  return atMcp((req, res) => {
    if (opts.cors !== false && cors(req, res)) return;
    if (req.headers.authorization !== `Bearer ${token}`) {
      req.resume();
      res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': opts.challenge ?? AUTH_CHALLENGE });
      res.end(JSON.stringify({ error: 'invalid_token', error_description: 'A bearer token is required' }));
      return;
    }
    void node(req, res);
  });
}

export interface LegacyOptions {
  /** every request as `<HTTP method> <JSON-RPC method>`, oldest first */
  seen?: string[];
  /** answer `initialize` over SSE (default: JSON) */
  sse?: boolean;
  /** answer preflights and allow the page's origin (default: true) */
  cors?: boolean;
}

const notInitialized = JSON.stringify({
  jsonrpc: '2.0',
  id: null,
  error: { code: -32000, message: 'Bad Request: Server not initialized' },
});

function parseMessage(raw: string): { id?: unknown; method?: unknown } | null {
  try {
    return raw ? (JSON.parse(raw) as { id?: unknown; method?: unknown }) : null;
  } catch {
    return null;
  }
}

/** Answers `initialize` (2025-11-25) and refuses anything sent before it, as 2025 SDK servers do; DELETE ends it. */
export function startLegacyServer(opts: LegacyOptions = {}): Promise<TestServer> {
  return atMcp(async (req, res) => {
    const raw = (await readAll(req)).toString('utf8');
    const msg = parseMessage(raw);
    opts.seen?.push(`${req.method ?? ''} ${typeof msg?.method === 'string' ? msg.method : ''}`.trim());
    if (opts.cors !== false && cors(req, res)) return;
    if (req.method === 'DELETE') {
      res.writeHead(200).end();
      return;
    }
    if (req.method !== 'POST' || !msg) {
      res.writeHead(req.method === 'POST' ? 400 : 405).end();
      return;
    }
    if (msg.method !== 'initialize') {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(notInitialized);
      return;
    }
    const result = {
      protocolVersion: '2025-11-25',
      capabilities: { tools: {} },
      serverInfo: { name: 'legacy-2025', version: '0.9.0' },
    };
    const body = JSON.stringify({ jsonrpc: '2.0', id: msg.id ?? null, result });
    if (opts.sse) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Mcp-Session-Id': 'legacy-session-1' });
      res.write(`event: message\ndata: ${body}\n\n`);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': 'legacy-session-1' }).end(body);
  });
}
