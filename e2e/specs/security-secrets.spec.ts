/**
 * Secrets in custom headers: a key sent in a custom header whose name says nothing (Azure API
 * Management's `Ocp-Apim-Subscription-Key`) must not reach the browser's storage or the exported files; a header the
 * user marked "not secret" is kept.
 */
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { ConnectionPage } from '../pages/connection-page.ts';
import { SessionPage } from '../pages/session-page.ts';

const KEY = 'sub-e2e-secret-789';
const TRACE = 'trace-visible-42';

test('a custom header key stays out of autosave, the session file and HAR unless marked not secret', async ({
  inspector,
  page,
}) => {
  const connection = new ConnectionPage(page);
  const session = new SessionPage(page);
  await inspector.open();
  await connection.openSettings();
  await page
    .getByRole('textbox', { name: /Custom headers/ })
    .fill(`Ocp-Apim-Subscription-Key: ${KEY}\nX-Trace-Id: ${TRACE}`);
  await page.getByRole('checkbox', { name: 'X-Trace-Id is not secret' }).check();
  await expect(page.getByRole('checkbox', { name: 'Ocp-Apim-Subscription-Key is not secret' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await connection.expectConnected();
  await inspector.provisionOrders();
  await session.waitSaved(2);

  // everything the app keeps in IndexedDB and localStorage, as text
  const stored = await session.storedTexts();
  expect(stored).toContain(TRACE); // the headers were recorded and saved...
  expect(stored).not.toContain(KEY); // ...but not the unmarked key

  for (const button of ['Export session', 'Export HAR']) {
    const file = await session.download(button);
    expect(file.text, button).toContain(TRACE);
    expect(file.text, button).not.toContain(KEY);
  }
});
