import { test as base } from '@playwright/test';
import { InspectorPage } from './pages/inspector-page.ts';
import {
  everythingEntry,
  startEverythingServer,
  type EverythingServer,
} from '../src/node/test-servers/everything-server.fixtures.ts';

export const test = base.extend<{ inspector: InspectorPage; everything: EverythingServer }>({
  inspector: async ({ page }, use) => {
    await use(new InspectorPage(page));
  },
  /**
   * The reference everything server (2025-11-25) over streamable HTTP, on a loopback port of its own for this test
   * only, ended after it. A test that asks for it is skipped when the devDependency is not installed.
   */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
  everything: async ({}, use, testInfo) => {
    testInfo.skip(!everythingEntry(), EVERYTHING_MISSING);
    const server = await startEverythingServer();
    try {
      await use(server);
    } finally {
      await server.close();
    }
  },
});

const EVERYTHING_MISSING = '@modelcontextprotocol/server-everything is not installed (npm install)';

/**
 * Skips the tests of the describe it is called in when the everything server is not installed (for those that start
 * it otherwise than with the `everything` fixture: over stdio, behind the tap).
 */
export function skipWithoutEverything(): void {
  test.skip(!everythingEntry(), EVERYTHING_MISSING);
}
