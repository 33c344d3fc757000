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

/**
 * SEP-1034: the server pushes an elicitation whose fields all have defaults, on the session's GET stream (it names no
 * request); it is the session's, a conversation of its own shown at once while the call waits. The form opens
 * pre-filled, the user accepts, the JSON-RPC response waits in the composer and goes out with "Send response"; then
 * the call completes on its own stream.
 */
const elicitationDefaults: Journey = {
  scenario: 'elicitation-sep1034-client-defaults',
  specVersions: REV,
  async run({ app }) {
    await expectLegacySession(app);
    await app.callTool('test_client_elicitation_defaults');
    const card = app.page.getByRole('group', { name: /^elicitation\/create #/ });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(app.composer.getByLabel('Request body about to be sent')).toContainText('"John Doe"');
    await app.composer.getByRole('button', { name: 'Send response' }).click();
    const call = app.timeline.getByRole('button', { name: /^Round 1 tools\/call test_client_elicitation_defaults:/ });
    await expect(call).toContainText('complete');
    await call.click();
    await app.expectResult('Elicitation completed');
  },
};

/**
 * SEP-1699: the server closes the call's stream after a priming event with `retry: 500`; the app waits that long,
 * resumes with GET + `Last-Event-ID`, and gets the call's response on the resumed stream.
 */
const sseRetry: Journey = {
  scenario: 'sse-retry',
  specVersions: REV,
  async run({ app }) {
    await expectLegacySession(app);
    await app.callTool('test_reconnection');
    await app.expectResult('Reconnection test completed successfully');
  },
};

export const journeys: Journey[] = [initialize, toolsCall, elicitationDefaults, sseRetry];
