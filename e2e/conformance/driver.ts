/**
 * The command the conformance suite runs for a client scenario:
 *   conformance client --scenario S --spec-version R --command "tsx e2e/conformance/driver.ts"
 * The suite appends the scenario server's URL as the last argument and sets MCP_CONFORMANCE_SCENARIO (and
 * MCP_CONFORMANCE_PROTOCOL_VERSION, MCP_CONFORMANCE_CONTEXT). The driver opens the BUILT app (served by `vite preview`
 * with the real relay, at CONFORMANCE_APP_URL) in Chromium and performs the journey registered for the scenario in
 * `journeys/*.ts`, through accessible names only. Exit 0 when the journey ran to its end; the suite's checks decide
 * conformance.
 */
import { chromium } from '@playwright/test';
import { ConformanceApp } from './app-page.ts';
import { CHROMIUM_ARGS, chromiumExecutable, VIEWPORT } from '../chromium.ts';
import { findJourney } from './journeys/registry.ts';
import { expectedFailure } from './expected-failures.ts';
import type { Journey } from './journey.ts';

/**
 * A scenario listed as an expected failure that has no journey yet still gets a user's first attempt: open the app on
 * the server and wait for the outcome (connected, or the connection doctor's findings). The suite then reports what
 * the app really did, so the scenario is measured (never "0 checks") and flips to "unexpectedly passed" if it starts
 * passing.
 */
function attemptOnly(scenario: string, specVersion: string): Journey | undefined {
  if (!expectedFailure(specVersion, scenario)) return undefined;
  return {
    scenario,
    specVersions: [specVersion],
    connect: false,
    async run({ app, appUrl, serverUrl, log }) {
      log('no journey yet: opening the app on the server and waiting for the outcome');
      await app.attemptConnect(appUrl, serverUrl);
      throw new Error(`no journey for ${scenario} yet (expected failure): only the connect attempt was made`);
    },
  };
}

async function main(): Promise<number> {
  const serverUrl = process.argv[process.argv.length - 1] ?? '';
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const specVersion = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? '2026-07-28';
  const appUrl = (process.env.CONFORMANCE_APP_URL ?? 'http://127.0.0.1:4215').replace(/\/+$/, '');
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, unknown>;
  const log = (line: string) => console.log(`[driver ${scenario}] ${line}`);
  if (!/^https?:\/\//.test(serverUrl)) {
    console.error(`driver: expected the scenario server URL as the last argument, got ${JSON.stringify(serverUrl)}`);
    return 2;
  }
  const journey = (await findJourney(scenario, specVersion)) ?? attemptOnly(scenario, specVersion);
  if (!journey) {
    console.error(
      `driver: no journey registered for ${scenario} at ${specVersion} (add one in e2e/conformance/journeys/)`,
    );
    return 2;
  }
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  const started = Date.now();
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    page.setDefaultTimeout(Number(process.env.CONFORMANCE_STEP_TIMEOUT ?? 10_000));
    page.on('pageerror', (err) => log(`page error: ${err.message}`));
    const app = new ConformanceApp(page);
    if (journey.connect !== false) await app.openAndConnect(appUrl, serverUrl);
    await journey.run({ page, app, appUrl, serverUrl, scenario, specVersion, context, log });
    log(`journey done in ${Date.now() - started} ms`);
    return 0;
  } catch (err) {
    console.error(`driver: journey ${scenario} failed after ${Date.now() - started} ms: ${String(err)}`);
    const dir = process.env.CONFORMANCE_ARTIFACTS;
    const page = browser.contexts()[0]?.pages()[0];
    if (dir && page) await page.screenshot({ path: `${dir}/failure.png`, fullPage: true }).catch(() => undefined);
    return 1;
  } finally {
    await browser.close();
  }
}

process.exitCode = await main();
