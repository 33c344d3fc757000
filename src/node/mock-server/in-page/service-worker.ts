/**
 * The page's demo server: a service worker that answers `<its scope>demo/mcp` (and `demo/consent/…`) with the bundled mock's main endpoint
 * (`in-page-server.ts`) and lets every other request go to the network untouched. Its scope is the folder it is served
 * from (the app's folder, wherever the static host puts it); built as one classic script by `demo-worker-plugin.ts`.
 *
 * It takes over open pages as soon as it is active (`clients.claim()`), and again when a page asks (`claim`): a
 * hard reload starts a page that no worker controls.
 */
import { createDemoServer, demoRoutes, type DemoServer } from './in-page-server.ts';
import { keptStateKey } from './kept-key.ts';

// The few service-worker globals used here (the project's TypeScript lib is the DOM's, not the WebWorker one).
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEvent {
  readonly data: unknown;
}
interface ServiceWorkerScope {
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

const worker = globalThis as unknown as ServiceWorkerScope;
const scope = worker.registration.scope;

// which requests are the demo's is known at once; the server itself is built on the first of them
const handles = demoRoutes(scope);
let demo: Promise<DemoServer> | undefined;
const demoServer = (): Promise<DemoServer> =>
  (demo ??= keptStateKey().then((stateKey) => createDemoServer({ base: scope, stateKey })));

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));
worker.addEventListener('message', (event) => {
  if (event.data === 'claim') event.waitUntil(worker.clients.claim());
});
worker.addEventListener('fetch', (event) => {
  if (!handles(event.request.url)) return;
  event.respondWith(demoServer().then((server) => server.fetch(event.request)));
});
