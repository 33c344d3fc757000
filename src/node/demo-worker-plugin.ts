/**
 * Builds the page's demo server (`mock-server/in-page/service-worker.ts`: the bundled mock's main endpoint in a
 * service worker) as one classic script, `demo-sw.js`, beside `index.html`: its own file, loaded only when the demo
 * is used, never part of the app's JS. `npm run build` emits it into `dist/`; the dev server (`npm start`) builds it
 * on first request and again after a change to what it bundles.
 *
 * The worker's bundle may not import a node built-in: any import of one fails the build, naming it (the browser
 * would otherwise get an empty stub that breaks at run time).
 */
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

const DEMO_WORKER_FILE = 'demo-sw.js';

const ENTRY = fileURLToPath(new URL('./mock-server/in-page/service-worker.ts', import.meta.url));
// what the worker bundles: the mock (and its clock) under node/, and the protocol rules it shares with the app
const WORKER_SOURCES = [
  fileURLToPath(new URL('./', import.meta.url)),
  fileURLToPath(new URL('../protocol/', import.meta.url)),
];
const BUILTINS = new Set(builtinModules);

function refuseNodeBuiltins(): Plugin {
  return {
    name: 'demo-worker:no-node-builtins',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id.startsWith('node:') || BUILTINS.has(id)) {
        this.error(`the demo server's worker imports the node built-in "${id}" (from ${importer ?? '?'})`);
      }
      return null;
    },
  };
}

async function buildDemoWorker(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [refuseNodeBuiltins()],
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      copyPublicDir: false,
      lib: { entry: ENTRY, formats: ['iife'], name: 'mrtrDemoServer', fileName: () => DEMO_WORKER_FILE },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk' && o.fileName === DEMO_WORKER_FILE);
  if (!chunk || chunk.type !== 'chunk') throw new Error(`the demo worker build produced no ${DEMO_WORKER_FILE}`);
  return chunk.code;
}

export function demoWorkerPlugin(): Plugin {
  let devBuild: Promise<string> | undefined;
  return {
    name: 'mrtr-demo-worker',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: DEMO_WORKER_FILE, source: await buildDemoWorker() });
    },
    configureServer(server) {
      server.watcher.on('all', (_event, file) => {
        if (WORKER_SOURCES.some((dir) => file.startsWith(dir))) devBuild = undefined;
      });
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://x').pathname !== `/${DEMO_WORKER_FILE}`) {
          return next();
        }
        (devBuild ??= buildDemoWorker()).then(
          (code) => {
            res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
            res.end(code);
          },
          (err: unknown) => {
            devBuild = undefined;
            next(err instanceof Error ? err : new Error(String(err)));
          },
        );
      });
    },
  };
}
