/**
 * `npm run screenshots`: the pictures of the app in the README and proxy.md, taken from the real thing. Starts the dev
 * server (Vite with the app's plugin, which starts the bundled mock), drives Chromium through a call in progress
 * (`rolling_upgrade`, answered once, its second question waiting, the retry held in the composer) and through a real
 * client watched by the proxy (the official TypeScript SDK's client, as the watch journeys run it, its MRTR retry held
 * for Forward), in the light and the dark theme, and writes the PNGs to src/docs/images/. The mock listens on
 * MOCK_PORT (default 8765, the URL the pictures show: stop `npm start` first); the app on any free port.
 */
import { mkdirSync, statSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium, expect as baseExpect, type Page } from '@playwright/test';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, chromiumExecutable } from '../chromium.ts';
import { runTsClient } from '../clients/run-ts-client.ts';
import { InspectorPage } from '../pages/inspector-page.ts';
import { WatchPage } from '../pages/watch-page.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'src/docs/images');
/** Wide enough for the catalog, the call and the timeline side by side; small enough to read in a README. */
const VIEWPORT = { width: 1440, height: 860 };
/** A PNG over this is too heavy for a README: the run fails and says so. */
const MAX_BYTES = 300 * 1024;
/** The dev server compiles the app on first load, which takes a while on a busy machine. */
const expect = baseExpect.configure({ timeout: 60_000 });

/** Picks `rolling_upgrade`, answers its first question, and leaves the second one waiting with the retry held. */
async function callInProgress(page: Page): Promise<void> {
  const inspector = new InspectorPage(page);
  await page.goto('/');
  await expect(inspector.status).toContainText('connected');
  await inspector.callTool('rolling_upgrade');
  const version = inspector.inputRequest('target_version');
  await version.getByRole('combobox').selectOption({ index: 1 });
  await version.getByRole('button', { name: 'Accept', exact: true }).click();
  await inspector.sendRetry();
  await expect(inspector.inputRequest('maintenance_window')).toBeVisible();
  await expect(inspector.legs()).toHaveCount(2);
  await expect(inspector.composer).toBeVisible();
  // autosave has caught up, so the toolbar shows the settled status rather than "Saving…"
  await expect(page.getByText(/^Saved · 1 conversation, 2 legs$/)).toBeVisible();
  // the question's focus move scrolled the call column; line it up on a whole row instead of a cut one
  await page.getByText('Arguments as', { exact: true }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(inspector.composer.getByRole('textbox', { name: 'requestState', exact: true })).toBeInViewport();
}

/**
 * Starts a proxy for the mock from the page, holds client requests, and runs the TypeScript SDK's client through it on
 * `approve_payment_signed`: its first round goes through, its retry (with `inputResponses` and the requestState) waits
 * in Held request, beside the first round's conversation. Returns what ends it: the held retry forwarded, the client
 * done, the proxy stopped.
 */
async function heldRetry(page: Page): Promise<() => Promise<void>> {
  const inspector = new InspectorPage(page);
  const { mockUrl } = await page.request
    .get('/__inspector/config')
    .then((r) => r.json() as Promise<{ mockUrl: string }>);
  const target = new URL('/mcp', mockUrl).toString();
  await inspector.open(`?server=${encodeURIComponent(target)}&transport=relay`);
  const watch = new WatchPage(inspector);
  const proxyUrl = await watch.start(target);
  await watch.holdRequests.check();
  const client = runTsClient(proxyUrl, 'modern', 'approve_payment_signed', { amount: 9 });
  // should a step below fail, that failure is the one reported, not the client's timeout
  client.done.catch(() => undefined);
  await watch.forwardUntilRetry();
  await expect(watch.heldRequest).toContainText(/The client has waited \d+ s/);
  // the call's first round, which asked, open in the middle column; the held retry at the top of the right one
  const asked = watch.watchedLeg(/^Round 1 tools\/call approve_payment_signed: input_required/);
  await asked.click();
  await expect(asked).toHaveAttribute('aria-pressed', 'true');
  const views = page.getByRole('region', { name: 'Conversation views' });
  await expect(views.getByRole('heading', { name: /^approve_payment_signed · ts-watch-client/ })).toBeVisible();
  // the click scrolled the right column down to the Timeline: back to its top (the window itself stays put)
  await watch.heldRequest.evaluate((el) => {
    for (let box = el.parentElement; box; box = box.parentElement) box.scrollTop = 0;
    window.scrollTo(0, 0);
  });
  await expect(watch.heldRequest.getByRole('button', { name: 'Forward' })).toBeInViewport();
  // autosave has caught up (the call and the client's other traffic): the toolbar shows the settled status
  await expect(page.getByText(/^Saved · 2 conversations, \d+ legs$/)).toBeVisible();
  return async () => {
    await watch.heldRequest.getByRole('button', { name: 'Forward' }).click();
    await client.done;
    await watch.stop(target);
  };
}

/** Rejects with a clear message when something already listens on the mock's port (the plugin would only warn). */
function portFree(port: number): Promise<void> {
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', () =>
      fail(
        new Error(`port ${port} is in use (npm start?): stop it, or set MOCK_PORT (the pictures then show that port)`),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => done()));
  });
}

/** Writes the page as it is to `name` under src/docs/images/, and fails when the PNG is too heavy for a README. */
async function shoot(page: Page, name: string): Promise<void> {
  const file = join(OUT, name);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  const bytes = statSync(file).size;
  process.stdout.write(`${file.slice(ROOT.length + 1)}: ${Math.round(bytes / 1024)} KB\n`);
  if (bytes > MAX_BYTES) throw new Error(`${file} is ${bytes} bytes, over ${MAX_BYTES}: shrink the viewport`);
}

async function main(): Promise<void> {
  process.env.MOCK_PORT ??= '8765';
  delete process.env.MOCK_URL;
  await portFree(Number(process.env.MOCK_PORT));
  const server = await createServer({
    configFile: join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  await server.listen();
  const { port } = server.httpServer!.address() as AddressInfo;
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  mkdirSync(OUT, { recursive: true });
  try {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        colorScheme,
        baseURL: `http://127.0.0.1:${port}`,
      });
      const page = await context.newPage();
      await callInProgress(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await shoot(page, `call-in-progress-${colorScheme}.png`);
      await context.close();

      // a fresh tab (its own storage): only the watched client's conversation in its Timeline
      const watching = await browser.newContext({
        viewport: VIEWPORT,
        colorScheme,
        baseURL: `http://127.0.0.1:${port}`,
      });
      const watchPage = await watching.newPage();
      const release = await heldRetry(watchPage);
      await shoot(watchPage, `held-retry-${colorScheme}.png`);
      await release();
      await watching.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
