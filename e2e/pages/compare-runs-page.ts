import { writeFile } from 'node:fs/promises';
import { type Locator, type Page } from '@playwright/test';

/** The "Compare runs" view: two run pickers, an ignore list, runs added from a file, and the round-by-round diff. */
export class CompareRunsPage {
  readonly open: Locator;
  readonly panel: Locator;
  readonly runA: Locator;
  readonly runB: Locator;
  readonly ignore: Locator;
  readonly verdict: Locator;
  readonly rounds: Locator;
  readonly problem: Locator;

  constructor(readonly page: Page) {
    this.open = page.getByRole('button', { name: 'Compare runs', exact: true });
    this.panel = page.getByRole('region', { name: 'Compare runs' });
    this.runA = this.panel.getByRole('combobox', { name: 'Run A' });
    this.runB = this.panel.getByRole('combobox', { name: 'Run B' });
    this.ignore = this.panel.getByRole('textbox', { name: 'Ignore fields' });
    this.verdict = this.panel.getByRole('status', { name: 'Comparison verdict' });
    this.rounds = this.panel.getByRole('list', { name: 'Rounds compared' });
    this.problem = this.panel.getByRole('alert');
  }

  round(n: number): Locator {
    return this.rounds.getByRole('listitem', { name: new RegExp(`^Round ${n}: `) });
  }

  /** Add the runs of a session file or HAR (written to `dir` first). */
  async addFile(name: string, text: string, dir: string) {
    const path = `${dir}/${name}`;
    await writeFile(path, text);
    await this.panel.getByLabel('Add runs from a session file or HAR').setInputFiles(path);
  }
}
