import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startInspectorServer, type InspectorServer } from '../../src/node/cli/serve.ts';
import { stderrRoute, stdioEndpoints } from '../../src/node/cli/stdio-endpoints.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const LOOPBACK = join(ROOT, 'e2e', 'everything', 'loopback.mjs');

/** The everything server (`@modelcontextprotocol/server-everything`, a devDependency), or undefined when not installed. */
export function everythingEntry(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
  } catch {
    return undefined;
  }
}

export const distMissing = (): boolean => !existsSync(join(ROOT, 'dist', 'index.html'));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningEverything {
  url: string;
  close(): Promise<void>;
}

/** The everything server over streamable HTTP on a port of its own, loopback only; resolves once it listens. */
export async function startEverythingHttp(): Promise<RunningEverything> {
  const entry = everythingEntry();
  if (!entry) throw new Error('@modelcontextprotocol/server-everything is not installed (npm install)');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', LOOPBACK, entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let log = '';
    child.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes('listening on port')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the everything server exited (${code}): ${log}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * What `mrtr-inspector --stdio "node …/server-everything/dist/index.js stdio"` does, in this process: the built app
 * with the everything server behind the relay as a stdio endpoint, and the page opened connected to it.
 */
export async function openEverythingStdio(page: Page): Promise<InspectorServer> {
  const entry = everythingEntry();
  if (!entry) throw new Error('@modelcontextprotocol/server-everything is not installed (npm install)');
  const stdio = stdioEndpoints([`"${process.execPath}" "${entry}" stdio`]);
  const served = await startInspectorServer({
    port: 0,
    distDir: join(ROOT, 'dist'),
    localEndpoints: stdio.start,
    extraRoutes: (ctx) => [stderrRoute(ctx, stdio.logs)],
  });
  await page.goto(`${served.url}/?server=${encodeURIComponent(served.endpoints[0]!.url)}&transport=relay`);
  return served;
}
