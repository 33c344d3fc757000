import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable, VIEWPORT } from './chromium.ts';

const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4180);
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 18765);

const executablePath = chromiumExecutable();
const preview = process.env.E2E_PREVIEW === '1';

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    viewport: VIEWPORT,
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  // While a watch journey's proxy runs, every page that loads follows its traffic (by design: a reloaded tab must not
  // lose the client it watches), so a journey counting its own legs beside it would count the watched ones too. The
  // journeys that watch a real client run last, once every other journey is done, one at a time (each page follows
  // every running proxy, so two watch journeys side by side would see each other's proxies and traffic), and stop
  // their proxy at the end.
  projects: [
    { name: 'journeys', testIgnore: /(watch-.*|stdio-cancel)\.spec\.ts$/ },
    { name: 'watching', testMatch: /watch-.*\.spec\.ts$/, dependencies: ['journeys'], workers: 1 },
    // the stdio cancel journey runs last, on its own (stdio-cancel.spec.ts says why)
    { name: 'apart', testMatch: /stdio-cancel\.spec\.ts$/, dependencies: ['watching'], workers: 1 },
  ],
  // The bundled mock runs as its own server; the app (dev server, or the built app with E2E_PREVIEW=1) is pointed at it.
  webServer: [
    {
      command: `npx tsx src/node/mock-server/server.ts --port ${MOCK_PORT}`,
      cwd: '..',
      url: `http://127.0.0.1:${MOCK_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      // sign-in consent approves at once; the pre-registered OAuth client may redirect to this app's callback
      env: { MOCK_QUIET: '1', MOCK_AUTH_AUTO_APPROVE: '1', E2E_APP_PORT: String(APP_PORT) },
      stdout: 'pipe',
    },
    {
      command: `npx vite ${preview ? 'preview ' : ''}--port ${APP_PORT} --strictPort`,
      cwd: '..',
      url: `http://127.0.0.1:${APP_PORT}/__inspector/config`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: { MOCK_URL: `http://127.0.0.1:${MOCK_PORT}`, MOCK: '0' },
      stdout: 'pipe',
    },
  ],
});
