/**
 * The one way a test starts a real HTTP server: node:http on 127.0.0.1, port 0 (ephemeral), closed with its
 * connections dropped (a browser keeps them alive; close() would otherwise wait for them to time out). Unit tests
 * (relay*.test.ts) and e2e specs (connection doctor, security, static host) share the servers in this folder.
 */
import http, { type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  /** `origin` + the path the server was started with, e.g. http://127.0.0.1:40123/mcp */
  url: string;
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  /** e.g. 127.0.0.1:40123 (what a Host header names) */
  host: string;
  port: number;
  close(): Promise<void>;
}

/** Starts `listener` on 127.0.0.1, port 0; `path` is appended to the origin to make `url`. */
export async function listen(listener: RequestListener, path = ''): Promise<TestServer> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${path}`,
    origin,
    host: `127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A port that was just free: nothing listens there. */
export async function closedPortUrl(): Promise<string> {
  const temp = await listen((_req, res) => res.end());
  await temp.close();
  return `${temp.url}/mcp`;
}
