import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable, VIEWPORT } from '../chromium.ts';

/** Same flags as e2e/playwright.config.ts, headless. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumExecutable();
  return chromium.launch({
    headless: true,
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
  });
}

export { VIEWPORT };
