import { expect } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../fixtures.ts';
import { startStaticDist } from '../../src/node/test-servers/static-dist.fixtures.ts';

const DIST = join(import.meta.dirname, '..', '..', 'dist');
const MOCK_URL = `http://127.0.0.1:${Number(process.env.E2E_MOCK_PORT ?? 18765)}/mcp`;

test.describe('the built app on a plain static host', () => {
  test('connects directly to the mock and completes a call when served by a bare file server', async ({
    inspector,
    page,
  }) => {
    test.skip(!existsSync(join(DIST, 'index.html')), 'dist/ is not built (npm run build)');
    const host = await startStaticDist(DIST);
    try {
      // no /__inspector/config here: the page runs in direct mode with no relay
      const config = await page.request.get(`${host.url}/__inspector/config`);
      expect(config.headers()['content-type']).toBe('text/html');
      await page.goto(`${host.url}/?server=${encodeURIComponent(MOCK_URL)}`);
      await expect(inspector.status).toContainText('connected');
      await expect(inspector.serverUrl).toHaveValue(MOCK_URL);
      await expect(inspector.status).toContainText('direct');
      await inspector.provisionOrders('ap-south-1');
      await expect(inspector.legs()).toHaveCount(2);
    } finally {
      await host.close();
    }
  });
});
