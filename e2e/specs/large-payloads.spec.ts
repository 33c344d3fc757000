import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { LargePayloadPage } from '../pages/large-payload-page.ts';
import { SessionPage } from '../pages/session-page.ts';
import { logLine } from '../../src/node/mock-server/scenarios/large-payloads.ts';

const FIVE_MB = 5_000_000;

test.describe('large payloads', () => {
  test('a 5 MB result is shown cut with "Show all", its leg opens and the session and HAR export it whole', async ({
    inspector,
    page,
  }) => {
    test.slow(); // 5 MB through the page, the exports and the download twice
    await inspector.open();
    const large = new LargePayloadPage(inspector);
    await large.call('large_result', FIVE_MB);

    // the Result: the first 20,000 characters and a button for the rest
    const showAll = large.showAll(inspector.result, FIVE_MB);
    await expect(showAll).toBeVisible({ timeout: 30_000 });
    await expect(inspector.result).toContainText(logLine(0).trim());
    await expect(inspector.result).not.toContainText(logLine(1000).trim());

    // the leg: the pretty view cuts the long string, the raw view cuts the body
    await large.openLeg(/^Round 1 tools\/call large_result/);
    const body = large.legInspector.getByRole('group', { name: 'Response body' });
    await expect(body.getByRole('button', { name: /show all 5,000,000 characters/ })).toBeVisible();
    await large.legInspector.getByRole('checkbox', { name: 'Raw' }).check();
    await expect(large.legInspector.getByLabel('Response body')).toContainText(/Show all [\d,]+ characters/);

    // the exports hold the whole text
    const session = new SessionPage(page);
    const exported = await session.download('Export session');
    expect(exported.text.length).toBeGreaterThan(FIVE_MB);
    expect(exported.text).toContain(logLine(40_000).trim());
    const har = await session.download('Export HAR');
    const entries = (JSON.parse(har.text) as { log: { entries: { response: { content: { text: string } } }[] } }).log
      .entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]!.response.content.text.length).toBeGreaterThan(FIVE_MB);

    // and "Show all" renders the rest on request
    await showAll.click();
    await expect(inspector.result).toContainText(logLine(1000).trim());

    // autosave wrote the 5 MB leg (its worker writes it to IndexedDB): a reload brings it back whole
    await session.waitSaved(1);
    await page.reload();
    await expect(large.showAll(inspector.result, FIVE_MB)).toBeVisible({ timeout: 30_000 });
    await large.showAll(inspector.result, FIVE_MB).click();
    await expect(inspector.result).toContainText(logLine(40_000).trim());
  });

  test('a streamed log of hundreds of events is recorded whole and its events are shown a page at a time', async ({
    inspector,
  }) => {
    await inspector.open();
    const large = new LargePayloadPage(inspector);
    // 300 log events of 4 KiB and the result: more events than one page of the SSE events tab
    await large.call('large_stream', 300 * 4096, { logLevel: 'info', eventBytes: 4096 });

    await expect(inspector.result).toContainText('Streamed 1,228,800 bytes of log in 300 log events.', {
      timeout: 30_000,
    });
    await large.openLeg(/^Round 1 tools\/call large_stream/);
    await large.legInspector.getByRole('tab', { name: 'SSE events (301)' }).click();
    const events = large.legInspector.getByRole('list', { name: 'SSE events' });
    await expect(events.getByRole('listitem')).toHaveCount(50);
    await expect(large.legInspector).toContainText('Showing 50 of 301 events.');
    await large.legInspector.getByRole('button', { name: 'Show 50 more' }).click();
    await expect(events.getByRole('listitem')).toHaveCount(100);
  });
});
