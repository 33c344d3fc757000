import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../chromium.ts';
import { MB } from './stats.ts';

/** Same flags as e2e/playwright.config.ts, headless. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumExecutable();
  return chromium.launch({
    headless: true,
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
  });
}

/** The page's JS heap after a forced garbage collection (CDP), in MB. */
export async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / MB;
}
