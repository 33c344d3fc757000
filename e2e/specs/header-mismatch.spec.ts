import { expect } from '@playwright/test';
import { test as base } from '../fixtures.ts';
import { HeaderMismatchPage } from '../pages/header-mismatch-page.ts';

const test = base.extend<{ mismatch: HeaderMismatchPage }>({
  mismatch: async ({ inspector }, use) => {
    await use(new HeaderMismatchPage(inspector));
  },
});

test.describe('a call refused with -32020 because the tool changed after it was listed', () => {
  test('the Result names the header; refreshing tools/list resends the call once with the new header', async ({
    inspector,
    mismatch,
    page,
  }) => {
    // five calls in one journey (deploy, refused call, refresh + resend, a fresh call): more than one leg's budget
    test.slow();
    await inspector.open();
    // the catalog listed tenant_report; then the server deploys a version that moves its header
    await mismatch.deployNewVersion();
    await inspector.callTool('tenant_report');
    await expect(inspector.result).toContainText('-32020');
    await expect(mismatch.notice).toContainText(/over the Mcp-Param-Tenant(-Id)? header: this leg did not send it\./);
    await expect(inspector.legs()).toHaveCount(2);

    await mismatch.refresh.click();
    // one branch, one leg: the resend carries the header the fresh listing declares, and the server accepts it
    await expect(inspector.result).toContainText(
      /Report for tenant acme\. Declared header Mcp-Param-Tenant(-Id)?: acme\./,
    );
    await expect(inspector.result.getByRole('status')).toContainText(/tools\/list: tenant moved from .* Resent once/);
    await expect(inspector.legs()).toHaveCount(3);
    await expect(mismatch.notice).toHaveCount(0);
    // the catalog shows the fresh listing too: a new call of tenant_report goes through at once
    await inspector.callTool('tenant_report');
    await expect(inspector.result).toContainText('Report for tenant acme');
    await expect(page.getByRole('region', { name: 'Result' })).not.toContainText('-32020');
  });
});
