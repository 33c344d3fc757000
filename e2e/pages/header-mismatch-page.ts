import type { Locator } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

/** The Result's -32020 notice and its recovery, by roles and labels. */
export class HeaderMismatchPage {
  readonly notice: Locator;
  readonly refresh: Locator;

  constructor(readonly inspector: InspectorPage) {
    this.notice = inspector.result.getByRole('region', { name: 'Header mismatch' });
    this.refresh = this.notice.getByRole('button', { name: 'Refresh tools/list and resend' });
  }

  /** Calls deploy_tenant_report: the server moves tenant_report's header without telling the client. */
  async deployNewVersion(): Promise<void> {
    await this.inspector.callTool('deploy_tenant_report');
    await this.inspector.result.getByText(/^Deployed: tenant_report now mirrors tenant into/).waitFor();
  }
}
