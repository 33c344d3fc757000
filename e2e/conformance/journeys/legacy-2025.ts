import { expect } from '@playwright/test';
import type { ConformanceApp } from '../app-page.ts';
import type { Journey } from '../journey.ts';

/**
 * Journeys for the non-authorization client scenarios of 2025-11-25, performed in the real UI. The app connects with
 * the era on Auto: `server/discover` is refused by a 2025-11-25 server, and the app falls back to `initialize`.
 */
const REV = ['2025-11-25'] as const;

async function expectLegacySession(app: ConformanceApp): Promise<void> {
  await expect(app.status).toContainText('era 2025-11-25');
}

/** Connecting is the whole journey: initialize, notifications/initialized, then the lists over the session. */
const initialize: Journey = {
  scenario: 'initialize',
  specVersions: REV,
  async run({ app }) {
    await expectLegacySession(app);
  },
};

const toolsCall: Journey = {
  scenario: 'tools_call',
  specVersions: REV,
  async run({ app }) {
    await expectLegacySession(app);
    await app.callTool('add_numbers', async (panel) => {
      await panel.getByLabel('a', { exact: true }).fill('2');
      await panel.getByLabel('b', { exact: true }).fill('3');
    });
    await app.expectResult('The sum of 2 and 3 is 5');
  },
};

export const journeys: Journey[] = [initialize, toolsCall];
