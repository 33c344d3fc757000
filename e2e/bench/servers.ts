/**
 * Builds for the benchmark, each into its own temporary folder (never dist/), and `vite preview` servers for them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
const HARNESS_CONFIG = resolve(import.meta.dirname, 'harness/vite.config.ts');

export interface Served {
  url: string;
  close(): Promise<void>;
}

async function serve(server: PreviewServer): Promise<Served> {
  const address = server.httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((done) => server.httpServer.close(() => done())),
  };
}

/** `vite build` of the app with its own config, into a fresh temp folder. */
export async function buildApp(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'mrtr-bench-dist-'));
  await build({
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    root: REPO_ROOT,
    // the chunk-size warning is noise here: the entry figure reports the sizes
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/**
 * `vite preview` of an app build, with the app's plugin (relay, CSP, /__inspector/config) but without the plugin's
 * own mock: the benchmark starts its mock itself and passes `?server=`.
 */
export async function previewApp(outDir: string): Promise<Served> {
  const before = process.env.MOCK;
  process.env.MOCK = '0';
  try {
    const server = await preview({
      configFile: join(REPO_ROOT, 'vite.config.ts'),
      root: REPO_ROOT,
      logLevel: 'warn',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
    return await serve(server);
  } finally {
    if (before === undefined) delete process.env.MOCK;
    else process.env.MOCK = before;
  }
}

/** Production build of the bench-only harness page (e2e/bench/harness), served by `vite preview`. */
export async function buildAndServeHarness(): Promise<Served> {
  const outDir = mkdtempSync(join(tmpdir(), 'mrtr-bench-harness-'));
  await build({ configFile: HARNESS_CONFIG, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await preview({
    configFile: HARNESS_CONFIG,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const served = await serve(server);
  return {
    url: served.url,
    close: async () => {
      await served.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
