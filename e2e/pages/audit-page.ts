import { type Locator, type Page } from '@playwright/test';

/** The "Audit this server" view: its inputs, progress, Cancel, scorecards and JSON export. */
export class AuditPage {
  readonly open: Locator;
  readonly panel: Locator;
  readonly only: Locator;
  readonly fleet: Locator;
  readonly run: Locator;
  readonly cancel: Locator;
  readonly exportJson: Locator;
  readonly progress: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    this.open = page.getByRole('button', { name: 'Audit this server', exact: true });
    this.panel = page.getByRole('region', { name: 'Audit this server' });
    this.only = this.panel.getByRole('textbox', { name: /^Only these names/ });
    this.fleet = this.panel.getByRole('textbox', { name: /^Other instance URLs/ });
    this.run = this.panel.getByRole('button', { name: 'Run audit' });
    this.cancel = this.panel.getByRole('button', { name: 'Cancel audit' });
    this.exportJson = this.panel.getByRole('button', { name: 'Export JSON' });
    this.progress = this.panel.getByRole('status', { name: 'Audit progress' });
    this.summary = this.panel.getByRole('status', { name: 'Audit summary' });
  }

  scorecard(name: string): Locator {
    return this.panel.getByRole('article', { name: new RegExp(`^Scorecard \\S+ ${name}$`) });
  }

  check(name: string, verdict: 'PASS' | 'WARN' | 'FAIL' | 'skipped', title: string): Locator {
    return this.scorecard(name).getByRole('listitem', { name: `${verdict} ${title}` });
  }
}
