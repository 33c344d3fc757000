import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';

const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4180);
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 18765);

/** Playwright's own Chromium when installed; else CHROMIUM_PATH or Debian's /usr/bin/chromium. */
function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // no bundled browser registered
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

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
    viewport: { width: 1600, height: 1000 },
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `npx vite ${preview ? 'preview ' : ''}--port ${APP_PORT} --strictPort`,
    cwd: '..',
    url: `http://127.0.0.1:${APP_PORT}/__inspector/config`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: { MOCK_PORT: String(MOCK_PORT) },
    stdout: 'pipe',
  },
});
