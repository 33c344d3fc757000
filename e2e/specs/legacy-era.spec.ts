import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { ConnectionPage } from '../pages/connection-page.ts';

test.describe('A 2025-11-25 connection (the mock serves both eras at the same URL)', () => {
  test('pinned to 2025-11-25: the status names the era and the session, and a tool call works end to end', async ({
    inspector,
    page,
  }) => {
    await inspector.open();
    await expect(inspector.status).toContainText('era 2026-07-28');
    const connection = new ConnectionPage(page);
    await connection.pinEra('2025-11-25');
    await expect(inspector.status).toContainText('era 2025-11-25');
    await expect(inspector.status).toContainText(/session [0-9a-f-]{8,}/);

    // the catalog is the 2025 server's tools/list, over the session
    await inspector.callTool('test_simple_text');
    await expect(inspector.result).toContainText('This is a simple text response for testing.');
    const leg = inspector.timeline.getByRole('button', { name: /^Round 1 tools\/call test_simple_text/ });
    await expect(leg).toBeVisible();

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(inspector.status).toContainText('not connected');
    await expect(connection.note).toHaveText('Ended the 2025-11-25 session: DELETE answered HTTP 200');
  });
});
