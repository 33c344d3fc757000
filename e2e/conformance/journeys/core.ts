import type { Locator } from '@playwright/test';
import type { Journey } from '../journey.ts';

const REV = ['2026-07-28'] as const;

/** An argument control in the call panel, by its label (title or property name). */
function arg(panel: Locator, label: string): Locator {
  return panel.getByLabel(label, { exact: true });
}

const toolsCall: Journey = {
  scenario: 'tools_call',
  specVersions: REV,
  async run({ app }) {
    await app.callTool('add_numbers', async (panel) => {
      await arg(panel, 'a').fill('2');
      await arg(panel, 'b').fill('3');
    });
    await app.expectResult('The sum of 2 and 3 is 5');
  },
};

export const journeys: Journey[] = [toolsCall];
