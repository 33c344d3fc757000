/**
 * The demo MCP server that runs inside the page: a service worker (`demo-sw.js`, built from the bundled mock's main
 * endpoint, its own file beside index.html) answers `<the app's folder>demo/mcp`. This module only registers it and
 * waits until it controls the page; the page then talks to it with ordinary fetches, like to any server.
 */

/** `?server=demo` opens the app connected to the demo server. */
export const DEMO_SERVER_PARAM = 'demo';

const WORKER_FILE = 'demo-sw.js';
const TAKE_OVER_MS = 5_000;

export type DemoStart = { ok: true; url: string } | { ok: false; error: string };

/** `<the app's folder>demo/mcp`: the page's URL without its file name, query or fragment, then `demo/mcp`. */
export function demoServerUrl(pageUrl: string): string {
  return new URL('demo/mcp', pageUrl).href;
}

/** `url` is the demo server of the page at `pageUrl` (requests to it never leave the browser). */
export function isDemoServerUrl(url: string, pageUrl: string): boolean {
  try {
    return url.split(/[?#]/, 1)[0] === demoServerUrl(pageUrl);
  } catch {
    return false;
  }
}

/** What the start needs of the browser (the real `window` and `navigator` in the app; fakes in tests). */
export interface DemoHost {
  isSecureContext: boolean;
  serviceWorker: ServiceWorkerContainer | undefined;
  pageUrl: string;
}

const browserHost = (): DemoHost => ({
  isSecureContext: window.isSecureContext,
  serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  pageUrl: window.location.href,
});

const NO_WORKER =
  'The demo server runs in a service worker, and this browser offers none here (some private windows and ' +
  'embedded browsers turn them off). Connect to a real MCP server instead, or run the inspector with its bundled ' +
  'mock: npm install && npm start.';

function insecure(pageUrl: string): string {
  return (
    `The demo server runs in a service worker, which browsers allow only on secure pages (https://, or ` +
    `http://localhost), and this page is ${new URL(pageUrl).origin}. Open the inspector over https (or on ` +
    `localhost) to try it, or connect to a real MCP server.`
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function waitForControl(container: ServiceWorkerContainer, ms: number): Promise<boolean> {
  if (container.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', onChange);
      resolve(value);
    };
    const onChange = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    container.addEventListener('controllerchange', onChange);
  });
}

/**
 * Registers the demo server's worker (once per browser; later calls find it running) and resolves once it controls
 * this page, with the URL to connect to; or says why it cannot run here. A page loaded with a hard reload is not
 * controlled by any worker: the worker is asked to take it over.
 */
export async function startDemoServer(host: DemoHost = browserHost()): Promise<DemoStart> {
  if (!host.serviceWorker) return { ok: false, error: host.isSecureContext ? NO_WORKER : insecure(host.pageUrl) };
  if (!host.isSecureContext) return { ok: false, error: insecure(host.pageUrl) };
  const container = host.serviceWorker;
  const late = {
    ok: false as const,
    error: `The demo server did not start and take over this page within ${TAKE_OVER_MS / 1000} s (a browser policy or extension may hold service workers back). Reload the page to try again, or connect to a real MCP server.`,
  };
  try {
    // no scope option: the scope is the folder the script is in, the app's folder, wherever the host put it
    const registered = container.register(new URL(WORKER_FILE, host.pageUrl).href).then(() => container.ready);
    // a browser that holds workers back may never settle these: the page does not wait for ever
    const registration = await Promise.race([registered, sleep(TAKE_OVER_MS).then(() => undefined)]);
    if (!registration) return late;
    if (!container.controller) registration.active?.postMessage('claim');
    if (!(await waitForControl(container, TAKE_OVER_MS))) return late;
  } catch (err) {
    return {
      ok: false,
      error:
        `The demo server could not start: ${err instanceof Error ? err.message : String(err)}. It needs ` +
        `${WORKER_FILE} beside index.html (npm run build puts it there).`,
    };
  }
  return { ok: true, url: demoServerUrl(host.pageUrl) };
}
