import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Same choice as e2e/playwright.config.ts: Playwright's own Chromium, else CHROMIUM_PATH, else /usr/bin/chromium. */
function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // no bundled browser registered
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Same flags as e2e/playwright.config.ts, headless. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumExecutable();
  return chromium.launch({
    headless: true,
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-gpu',
      '--disable-quic',
    ],
  });
}

/** The viewport the e2e suite uses. */
export const VIEWPORT = { width: 1600, height: 1000 };
