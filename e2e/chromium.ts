import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Which Chromium the e2e suite and the benchmark drive: Playwright's own when installed, else CHROMIUM_PATH, else
 * Debian's /usr/bin/chromium. `undefined` means "Playwright's default".
 */
export function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // no bundled browser registered
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Flags that keep Chromium off the network on a closed machine. */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  '--disable-quic',
];

/** The viewport the e2e suite and the benchmark use. */
export const VIEWPORT = { width: 1600, height: 1000 };
