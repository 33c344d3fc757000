/**
 * Test support for the tap: an inspector's hub with its tap door on a loopback port (its secret in a directory of the
 * test's own), and a host that is the TypeScript SDK's stdio client launching `mrtr-inspector tap -- <server>`.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { loopbackHosts } from '../inspector-config.ts';
import { createProxyRoutes } from '../proxy/proxy-routes.ts';
import { createProxySet } from '../proxy/proxy-set.ts';
import { TrafficHub } from '../proxy/traffic-hub.ts';
import type { ProxyEvent } from '../../protocol/proxy-wire.ts';
import { createFreshInstances, type FreshInstances } from './tap-fresh.ts';
import { openTapDoor } from './tap-routes.ts';

/** The page's token on the test inspector's control route. */
export const TEST_RELAY_TOKEN = 'test-relay-token-0123456789';

const MAIN = join(import.meta.dirname, '..', 'cli', 'main.ts');
export const DEMO_SERVER = [
  process.execPath,
  '--import',
  'tsx',
  join(import.meta.dirname, '..', 'stdio', 'demo-server.ts'),
];

/** `node main.ts tap [tap options] -- <server...>`, as a host's config would launch it. */
export function tapCommand(server: string[], options: string[] = []): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', 'tsx', MAIN, 'tap', ...options, '--', ...server] };
}

export interface TestInspector {
  url: string;
  hub: TrafficHub;
  /** the environment a tap needs to find this inspector's secret */
  env: NodeJS.ProcessEnv;
  events: ProxyEvent[];
  server: Server;
  /** fresh instances of its taps' servers (what the relay's fetch reaches) */
  fresh: FreshInstances;
  /** resolves with the first event that matches */
  next(match: (event: ProxyEvent) => boolean): Promise<ProxyEvent>;
  close(): Promise<void>;
}

export async function startTestInspector(dir = mkdtempSync(join(tmpdir(), 'mrtr-tap-'))): Promise<TestInspector> {
  const hub = new TrafficHub();
  const fresh = createFreshInstances(hub);
  // the page's routes beside the tap door, as on the inspector's own server (the relay token is the test's)
  const routes = createProxyRoutes({
    token: TEST_RELAY_TOKEN,
    appHosts: () => loopbackHosts(server.address()),
    proxies: createProxySet({ hub }),
    fresh,
  });
  const server = createServer((req, res) => routes(req, res, () => res.writeHead(404).end()));
  const env = { ...process.env, MRTR_INSPECTOR_RUNTIME_DIR: dir };
  const door = openTapDoor(server, hub, {
    appHosts: () => loopbackHosts(server.address()),
    warn: () => undefined,
    env,
    fresh,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const events: ProxyEvent[] = [];
  const waiters: { match: (e: ProxyEvent) => boolean; resolve: (e: ProxyEvent) => void }[] = [];
  hub.subscribe((event) => {
    events.push(event);
    for (const w of [...waiters])
      if (w.match(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hub,
    env,
    events,
    server,
    fresh,
    next: (match) => {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        hub.releaseAll();
        door.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface StdioHost {
  client: Client;
  stderr: () => string;
  close(): Promise<void>;
}

/**
 * The TypeScript SDK's client over stdio, answering every elicitation with consent: pinned to 2026-07-28 (`modern`),
 * or as the SDK negotiates with a 2025-11-25 server (`legacy`).
 */
export async function startStdioHost(
  launch: { command: string; args: string[] },
  env: NodeJS.ProcessEnv,
  era: 'modern' | 'legacy' = 'modern',
): Promise<StdioHost> {
  const client = new Client(
    { name: 'tap-journey-host', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
  client.setRequestHandler('elicitation/create', () =>
    Promise.resolve({ action: 'accept' as const, content: { delete: true, confirm: true } }),
  );
  const transport = new StdioClientTransport({
    ...launch,
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}
