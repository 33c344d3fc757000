/**
 * Test fixtures for the relay: real node:http servers on 127.0.0.1, port 0. Used only by relay*.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createRelayHandler, type RelayOptions } from './relay.ts';

export interface Running {
  url: string;
  host: string;
  port: number;
  close: () => Promise<void>;
}

export async function listen(listener: RequestListener): Promise<Running> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const TOKEN = 'test-token-0123456789abcdef';

/** The relay on its own server; `tamper` may alter the request first (e.g. fake a non-loopback local address). */
export async function startRelay(
  extra: Partial<RelayOptions> = {},
  tamper?: (req: IncomingMessage) => void,
): Promise<Running> {
  let host = '';
  const handler = createRelayHandler({ token: TOKEN, appHosts: () => [host, 'localhost:1'], ...extra });
  const running = await listen((req, res) => {
    tamper?.(req);
    handler(req, res, () => {
      res.writeHead(404).end('not the relay');
    });
  });
  host = running.host;
  return running;
}

export async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export interface Seen {
  method?: string;
  headers?: IncomingMessage['headers'];
  body?: Buffer;
}

/** Records what it received; answers 201 with custom headers, a cookie and non-UTF-8 bytes. */
export async function startEchoUpstream(seen: Seen): Promise<Running> {
  return listen(async (req, res) => {
    seen.method = req.method;
    seen.headers = req.headers;
    seen.body = await readAll(req);
    res.writeHead(201, 'Made', {
      'content-type': 'application/octet-stream',
      'x-upstream': 'yes',
      'www-authenticate': 'Bearer realm="x"',
      'set-cookie': 'evil=1; Path=/',
    });
    res.end(Buffer.from([0, 255, 1, 254, 0x7b]));
  });
}

export const SSE_GAP_MS = 250;

/** Streams three SSE events `SSE_GAP_MS` apart; `state` tells when it finished or saw the client leave. */
export async function startSseUpstream(state: { finishedAt?: number; clientLeft?: boolean }): Promise<Running> {
  return listen(async (req, res: ServerResponse) => {
    await readAll(req);
    res.on('close', () => {
      if (!res.writableFinished) state.clientLeft = true;
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (let i = 1; i <= 3; i++) {
      if (res.destroyed) return;
      res.write(`event: message\ndata: {"n":${i}}\n\n`);
      await new Promise((r) => setTimeout(r, SSE_GAP_MS));
    }
    state.finishedAt = Date.now();
    res.end();
  });
}

/** A real 2026-07-28 server from the SDK, with no CORS wrapper: OPTIONS gets 405. */
export async function startSdkUpstream(): Promise<Running> {
  const node = toNodeHandler(createMcpHandler(() => new McpServer({ name: 'sdk-upstream', version: '1.0.0' })));
  return listen((req, res) => {
    void node(req, res);
  });
}

/** Requires a bearer token: 401 with a WWW-Authenticate challenge otherwise. */
export async function startAuthUpstream(): Promise<Running> {
  return listen(async (req, res) => {
    await readAll(req);
    if (req.headers.authorization !== 'Bearer good') {
      res.writeHead(401, {
        'content-type': 'application/json',
        'www-authenticate': 'Bearer resource_metadata="https://auth.example/.well-known/oauth-protected-resource"',
      });
      res.end(JSON.stringify({ error: 'unauthorized' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { supportedVersions: ['2026-07-28'] } }));
  });
}

/** A 2025-era server: answers `initialize` over SSE with a session id, rejects anything else before it. */
export async function startLegacyUpstream(seen: { methods: string[] }): Promise<Running> {
  return listen(async (req, res) => {
    const raw = (await readAll(req)).toString('utf8');
    seen.methods.push(`${req.method ?? ''} ${raw ? (JSON.parse(raw) as { method: string }).method : ''}`.trim());
    if (req.method !== 'POST') {
      res.writeHead(req.method === 'DELETE' ? 200 : 405).end();
      return;
    }
    const msg = JSON.parse(raw) as { id: number; method: string };
    if (msg.method !== 'initialize') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32000, message: 'Bad Request: Server not initialized' },
        }),
      );
      return;
    }
    const result = { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'old', version: '1' } };
    res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'sess-1' });
    res.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: msg.id, result })}\n\n`);
  });
}

/** A port that was just free: nothing listens there. */
export async function closedPortUrl(): Promise<string> {
  const temp = await listen((_req, res) => res.end());
  await temp.close();
  return `${temp.url}/mcp`;
}

/** POST to a relay route with the right token and Host by default. */
export function relayPost(
  relay: Running,
  path: string,
  init: {
    headers?: Record<string, string>;
    body?: string | Uint8Array<ArrayBuffer>;
    method?: string;
    signal?: AbortSignal;
  } = {},
): Promise<Response> {
  return fetch(`${relay.url}${path}`, {
    method: init.method ?? 'POST',
    headers: { 'x-relay-token': TOKEN, 'content-type': 'application/json', ...init.headers },
    ...(init.body !== undefined ? { body: init.body } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}
