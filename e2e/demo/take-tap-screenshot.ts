/**
 * `npx tsx e2e/demo/take-tap-screenshot.ts`: the picture of the stdio tap in the README and features.md, taken from
 * the real thing. Starts the dev server (Vite with the app's plugin: the page, its tap door and the bundled mock on a
 * free port), then plays a desktop host: the official TypeScript SDK's stdio client launches
 * `mrtr-inspector tap --name stdio-demo -- npx tsx src/node/stdio/demo-server.ts`, as a host's config would, and makes
 * one MRTR call (`confirm_delete`, its confirmation accepted). Chromium shows the page watching it; the PNG, cropped to
 * Watched clients (the tap, its host, its server log) and the Timeline (the call's legs), is written to
 * src/docs/images/tap-light.png. Run it from the repository's root. Nothing secret is in it: the server's command line,
 * the host's name and the demo server's own log.
 */
import { statSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { chromium, expect as baseExpect, type Page } from '@playwright/test';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, chromiumExecutable } from '../chromium.ts';
import { InspectorPage } from '../pages/inspector-page.ts';
import { WatchPage } from '../pages/watch-page.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FILE = join(ROOT, 'src/docs/images/tap-light.png');
const VIEWPORT = { width: 1440, height: 900 };
/** A PNG over this is too heavy for a README: the run fails and says so. */
const MAX_BYTES = 200 * 1024;
/** The dev server compiles the app on first load, which takes a while on a busy machine. */
const expect = baseExpect.configure({ timeout: 60_000 });

/** A port nothing listens on now, for the bundled mock (it does not show in the picture). */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createNetServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** The host: the TypeScript SDK's stdio client launching the tap in front of the stdio demo server. */
async function startHost(inspectorUrl: string): Promise<Client> {
  const client = new Client(
    { name: 'ts-sdk-stdio-host', version: '2.4.0' },
    {
      capabilities: { elicitation: { form: {} } },
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    },
  );
  client.setRequestHandler('elicitation/create', () =>
    Promise.resolve({ action: 'accept' as const, content: { delete: true } }),
  );
  const main = join(ROOT, 'src/node/cli/main.ts');
  const server = ['npx', 'tsx', 'src/node/stdio/demo-server.ts'];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', main, 'tap', '--inspector', inspectorUrl, '--name', 'stdio-demo', '--', ...server],
    cwd: ROOT,
    stderr: 'ignore',
  });
  await client.connect(transport);
  return client;
}

/** The page watching the host's call: the tap listed with its server log, the call's legs in the Timeline. */
async function watchTheCall(page: Page, client: Client): Promise<void> {
  const inspector = new InspectorPage(page);
  // the SDK probes the server on a process of its own, then launches the one it keeps for its next request: once that
  // one runs, a tap is connected and the page follows it as it loads
  await client.listTools();
  await inspector.open();
  const watch = new WatchPage(inspector);
  const tap = watch.region.getByRole('listitem', { name: 'tap of stdio-demo' });
  await expect(tap).toContainText('host ts-sdk-stdio-host 2.4.0');
  await client.callTool({ name: 'confirm_delete', arguments: { path: '/tmp/report.txt' } });
  await expect(watch.watchedLeg(/^Round 2 tools\/call confirm_delete: complete/)).toBeVisible();
  await expect(tap.getByRole('list', { name: 'server log of stdio-demo' })).toContainText(
    '[stdio-demo] tools/call confirm_delete',
  );
  // the call's first round, which asked, open in the Leg inspector
  const asked = watch.watchedLeg(/^Round 1 tools\/call confirm_delete: input_required/);
  await asked.click();
  await expect(asked).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByText(/^Saved · \d+ conversations?, \d+ legs$/)).toBeVisible();
}

/** Writes the part of the page that holds Watched clients and the Timeline, and fails when the PNG is too heavy. */
async function shoot(page: Page): Promise<void> {
  const boxes = await Promise.all(
    [page.getByRole('region', { name: 'Watched clients' }), page.getByRole('list', { name: 'Timeline' })].map(
      async (region) => (await region.boundingBox())!,
    ),
  );
  const margin = 8;
  const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - margin);
  const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - margin);
  const right = Math.max(...boxes.map((b) => b.x + b.width)) + margin;
  const bottom = Math.max(...boxes.map((b) => b.y + b.height)) + margin;
  await page.screenshot({
    path: FILE,
    animations: 'disabled',
    caret: 'hide',
    clip: { x, y, width: Math.min(right, VIEWPORT.width) - x, height: Math.min(bottom, VIEWPORT.height) - y },
  });
  const bytes = statSync(FILE).size;
  process.stdout.write(`${FILE.slice(ROOT.length + 1)}: ${Math.round(bytes / 1024)} KB\n`);
  if (bytes > MAX_BYTES) throw new Error(`${FILE} is ${bytes} bytes, over ${MAX_BYTES}: crop it closer`);
}

async function main(): Promise<void> {
  process.env.MOCK_PORT = String(await freePort());
  delete process.env.MOCK_URL;
  const server = await createServer({
    configFile: join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  await server.listen();
  const { port } = server.httpServer!.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  const client = await startHost(url);
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light', baseURL: url });
    const page = await context.newPage();
    await watchTheCall(page, client);
    await shoot(page);
  } finally {
    await client.close();
    await browser.close();
    await server.close();
  }
}

await main();
