import { expect } from '@playwright/test';
import { test as base } from '../fixtures.ts';
import { ConnectionPage } from '../pages/connection-page.ts';
import { VersionMismatchPage } from '../pages/version-mismatch-page.ts';

const test = base.extend<{ connection: ConnectionPage; mismatch: VersionMismatchPage }>({
  connection: async ({ page }, use) => {
    await use(new ConnectionPage(page));
  },
  mismatch: async ({ inspector }, use) => {
    await use(new VersionMismatchPage(inspector));
  },
});

test.describe('a call refused with -32022 after a successful connect', () => {
  test('shows what the server supports and resends the call with that version as a new visible leg', async ({
    connection,
    inspector,
    mismatch,
    page,
  }) => {
    await inspector.open();
    await connection.openSettings();
    await connection.protocolVersion.fill('2099-01-01');

    await inspector.callTool('regional_lookup', async (p) => {
      await p.getByRole('textbox', { name: /^Region/ }).fill('ap-south-1');
    });
    await mismatch.expectRefused('2099-01-01', '2026-07-28', '2026-07-28');
    await expect(inspector.legs()).toHaveCount(1);
    await expect(inspector.legs().first()).toContainText('HTTP 400');

    await mismatch.resend('2026-07-28').click();
    await expect(inspector.result).toContainText('Mcp-Param-Region: ap-south-1');
    await expect(inspector.result).toContainText('matches argument: yes');
    await expect(mismatch.panel).toHaveCount(0);
    await expect(connection.protocolVersion).toHaveValue('2026-07-28');
    await expect(connection.note).toContainText('Protocol version switched to 2026-07-28');

    // both legs stay in the Timeline: the refused one under the call, the resend under its branch
    await expect(inspector.legs()).toHaveCount(2);
    await expect(inspector.legs().nth(0)).toContainText('HTTP 400');
    await expect(inspector.legs().nth(1)).toContainText('complete');
    const resent = page.getByRole('region', { name: 'Leg inspector' });
    await resent.getByRole('tab', { name: 'Request' }).click();
    const headers = resent.getByRole('table', { name: 'Request headers' });
    await expect(headers).toContainText('2026-07-28');
    await expect(headers).not.toContainText('2099-01-01');
  });

  test('a refused retry in the middle of a multi-round call is resent with its answers and requestState', async ({
    connection,
    inspector,
    mismatch,
  }) => {
    await inspector.open();
    await inspector.callProvision();
    await inspector.acceptRegion('ap-south-1');

    await connection.openSettings();
    await connection.protocolVersion.fill('2025-06-18');
    await inspector.sendRetry();
    await mismatch.expectRefused('2025-06-18', '2026-07-28', '2026-07-28');

    await mismatch.resend('2026-07-28').click();
    await expect(inspector.result).toContainText('Provisioned orders in ap-south-1');
    await expect(inspector.legs()).toHaveCount(3);
    await expect(inspector.legs().nth(0)).toContainText('input_required');
    await expect(inspector.legs().nth(1)).toContainText('HTTP 400');
    await expect(inspector.legs().nth(2)).toContainText('complete');
    await expect(inspector.result.getByRole('button', { name: /^Resend/ })).toHaveCount(0);
  });
});
