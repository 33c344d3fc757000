/**
 * `npm run screenshots`: the README's pictures of the app, taken from the real thing. Starts the dev server (Vite with
 * the app's plugin, which starts the bundled mock), drives Chromium through a call in progress (`rolling_upgrade`,
 * answered once, its second question waiting, the retry held in the composer) in the light and the dark theme, and
 * writes the PNGs to src/docs/images/. The mock listens on MOCK_PORT (default 8765, the URL the pictures show: stop
 * `npm start` first); the app on any free port.
 */
import { mkdirSync, statSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium, expect as baseExpect, type Page } from '@playwright/test';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, chromiumExecutable } from '../chromium.ts';
import { InspectorPage } from '../pages/inspector-page.ts';

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
      const file = join(OUT, `call-in-progress-${colorScheme}.png`);
      await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
      const bytes = statSync(file).size;
      process.stdout.write(`${file.slice(ROOT.length + 1)}: ${Math.round(bytes / 1024)} KB\n`);
      if (bytes > MAX_BYTES) throw new Error(`${file} is ${bytes} bytes, over ${MAX_BYTES}: shrink the viewport`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
