/**
 * The relay on a real node:http server, and the upstreams its unit tests (relay*.test.ts) send through it. MCP servers
 * they share with the e2e suite (no CORS, auth, 2025-era) are in mcp-servers.fixtures.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRelayHandler, type RelayOptions } from '../relay/relay.ts';
import { listen, readAll, type TestServer } from './listen.fixtures.ts';

export const TOKEN = 'test-token-0123456789abcdef';

/** The relay on its own server; `tamper` may alter the request first (e.g. fake a non-loopback local address). */
export async function startRelay(
  extra: Partial<RelayOptions> = {},
  tamper?: (req: IncomingMessage) => void,
): Promise<TestServer> {
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

export interface Seen {
  method?: string;
  headers?: IncomingMessage['headers'];
  body?: Buffer;
}

/** Records what it received; answers 201 with custom headers, a cookie and non-UTF-8 bytes. */
export async function startEchoUpstream(seen: Seen): Promise<TestServer> {
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

export interface SseUpstreamState {
  /** set once the third event went out and the response ended */
  finished?: boolean;
  /** set when the client went away before the end */
  clientLeft?: boolean;
}

/**
 * Streams three SSE events: the first at once, the other two once `release` settles (never, by default), so a test
 * sees the relay pass the first one on while the upstream is still open. `onClientLeft` runs when the client goes
 * away before the end.
 */
export async function startSseUpstream(
  state: SseUpstreamState,
  release: Promise<unknown> = new Promise(() => {}),
  onClientLeft?: () => void,
): Promise<TestServer> {
  return listen(async (req, res: ServerResponse) => {
    await readAll(req);
    res.on('close', () => {
      if (res.writableFinished) return;
      state.clientLeft = true;
      onClientLeft?.();
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(`event: message\ndata: {"n":1}\n\n`);
    await release;
    for (let i = 2; i <= 3; i++) {
      if (res.destroyed) return;
      res.write(`event: message\ndata: {"n":${i}}\n\n`);
    }
    state.finished = true;
    res.end();
  });
}

/** POST to a relay route with the right token and Host by default. */
export function relayPost(
  relay: TestServer,
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
