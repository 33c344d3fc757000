import type { Page } from '@playwright/test';
import type { InspectorServer } from '../../src/node/cli/serve.ts';
import { everythingEntry } from '../../src/node/test-servers/everything-server.fixtures.ts';
import { openStdioServer } from './stdio-demo.ts';

/**
 * What `mrtr-inspector --stdio "node …/server-everything/dist/index.js stdio"` does, in this process: the built app
 * with the everything server behind the relay as a stdio endpoint, and the page opened connected to it. Over
 * streamable HTTP the journeys start it with `startEverythingServer` of the node test fixtures.
 */
export async function openEverythingStdio(page: Page): Promise<InspectorServer> {
  const entry = everythingEntry();
  if (!entry) throw new Error('@modelcontextprotocol/server-everything is not installed: run npm install');
  return openStdioServer(page, `"${process.execPath}" "${entry}" stdio`);
}
