/**
 * The command the conformance suite runs for `auth/*` client scenarios (until the shared client runner's driver
 * takes the journeys): `tsx e2e/conformance/auth-driver.ts <server url>`. Drives the built app (APP_URL, default
 * http://127.0.0.1:4225/) in Chromium. Exit code 0 = the journey ran to its end (the suite judges the checks).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable, VIEWPORT } from '../chromium.ts';
import { isAuthScenario, runAuthJourney } from './journeys/auth.ts';

async function main(): Promise<void> {
  const serverUrl = process.argv[process.argv.length - 1] ?? '';
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, unknown>;
  const appUrl = process.env.APP_URL ?? 'http://127.0.0.1:4225/';
  if (!isAuthScenario(scenario)) throw new Error(`not an auth scenario: ${scenario}`);
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) });
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    page.on('console', (m) => {
      if (process.env.DRIVER_DEBUG) console.error(`[page] ${m.text()}`);
    });
    await runAuthJourney(page, appUrl, { scenario, serverUrl, context });
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
