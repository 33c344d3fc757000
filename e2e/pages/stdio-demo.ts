import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startInspectorServer, type InspectorServer } from '../../src/node/cli/serve.ts';
import { stdioEndpoints } from '../../src/node/cli/stdio-endpoints.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const DEMO = join(ROOT, 'src', 'node', 'stdio', 'demo-server.ts');
const HANG = join(ROOT, 'src', 'node', 'test-servers', 'stdio-hang-server.ts');

/** The built app is needed to serve the page the way `mrtr-inspector` does (`npm test` builds it first). */
export const distMissing = (): boolean => !existsSync(join(DIST, 'index.html'));

/**
 * What `mrtr-inspector --stdio "<command>"` does, in this process: serves the built app with the server the command
 * starts behind the relay as a stdio endpoint, and opens the page connected to it (`connect: false`: opened through
 * the relay but not connected, so the first request the server reads is the test's). Close the server after the test.
 */
export async function openStdioServer(
  page: Page,
  command: string,
  { connect = true }: { connect?: boolean } = {},
): Promise<InspectorServer> {
  const stdio = stdioEndpoints([command]);
  const served = await startInspectorServer({
    port: 0,
    distDir: DIST,
    localEndpoints: stdio.start,
    stdioLogs: stdio.logs,
  });
  const endpoint = served.endpoints[0]!.url;
  await page.goto(
    connect
      ? `${served.url}/?server=${encodeURIComponent(endpoint)}&transport=relay`
      : `${served.url}/?transport=relay`,
  );
  return served;
}

/** `mrtr-inspector --stdio "node --import tsx demo-server.ts"`: the shipped stdio demo server. */
export const openStdioDemo = (page: Page): Promise<InspectorServer> =>
  openStdioServer(page, `"${process.execPath}" --import tsx "${DEMO}"`);

/** `mrtr-inspector --stdio "node --import tsx stdio-hang-server.ts"`: a server whose tool never answers. */
export const openStdioHang = (page: Page): Promise<InspectorServer> =>
  openStdioServer(page, `"${process.execPath}" --import tsx "${HANG}"`);
