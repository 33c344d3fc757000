/**
 * Watching a 2025-11-25 server behind the tap: the TypeScript SDK's stdio `Client` on the 2025-11-25 era launches
 * `mrtr-inspector tap -- node <the reference everything server> stdio`, as a host's config would, and calls
 * `trigger-elicitation-request`. The server pushes `elicitation/create` to the host while the call is open and the
 * host answers it; the call completes. The page's Timeline shows the host's session (its initialize) and the call as
 * one conversation: the call, the elicitation the server pushed, the host's answer, the result.
 */
import { expect } from '@playwright/test';
import { skipWithoutEverything, test } from '../fixtures.ts';
import { endTappedHost, WatchPage } from '../pages/watch-page.ts';
import { everythingEntry } from '../../src/node/test-servers/everything-server.fixtures.ts';
import { startStdioHost, tapCommand, type StdioHost } from '../../src/node/tap/tap.fixtures.ts';

const APP = `http://127.0.0.1:${process.env.E2E_APP_PORT ?? 4180}`;

test.describe('the everything server (2025-11-25) through the tap', () => {
  test.describe.configure({ timeout: 120_000 });
  skipWithoutEverything();
  let host: StdioHost | undefined;
  test.afterEach(async ({ page }) => {
    await endTappedHost(page, host);
    host = undefined;
  });

  test("the initialize, the elicitation the server pushes and the host's answer read as one conversation", async ({
    inspector,
  }) => {
    const server = [process.execPath, everythingEntry()!, 'stdio'];
    host = await startStdioHost(
      tapCommand(server, ['--inspector', APP, '--name', 'everything']),
      process.env,
      'legacy',
    );
    // connected: the host's session is open (its initialize went through the tap), and the page follows the hub
    await inspector.open();
    const watch = new WatchPage(inspector);
    const tap = watch.region.getByRole('listitem', { name: 'tap of everything' });
    await expect(tap).toContainText('host tap-journey-host 1.0.0');
    const timeline = inspector.timeline;
    const initialize = timeline.getByRole('button', { name: /^Round \d+ initialize : complete/ });
    await expect(initialize).toBeVisible();

    const result = await host.client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
    expect(JSON.stringify(result)).toContain('accept');

    // the call: the elicitation pushed while it was open, answered by the host, then the result
    await expect(
      timeline.getByRole('button', {
        name: /^[\d:]+ trigger-elicitation-request · tap-journey-host 1\.0\.0 complete/,
      }),
    ).toContainText('2 legs');
    const pushed = timeline.getByRole('button', {
      name: /^Round 1 elicitation\/create server → client: .* asks elicitation\/create #\d+ · answers elicitation\/create #\d+/,
    });
    await pushed.click();
    const legInspector = inspector.page.getByRole('region', { name: 'Leg inspector' });
    await expect(legInspector.getByRole('group', { name: 'Response body' })).toContainText('"elicitation/create"');
    await expect(
      timeline.getByRole('button', { name: /^Round 2 tools\/call trigger-elicitation-request: complete/ }),
    ).toBeVisible();
    // one conversation per call, as for a 2025-11-25 client behind a proxy: the host's session traffic (its
    // initialize and notifications/initialized) first, then the call with its two legs, the pushed request and the
    // host's answer as its first round and the result as its second
    await expect(timeline.getByRole('listitem')).toHaveText([
      /tap-journey-host 1\.0\.0 · other traffic\s*complete\s*2 legs/,
      // in the order the host sent them: its notifications/initialized follows the initialize it was answered
      /^Round 1 initialize : .*stdio/,
      /^Round 2 notifications\/initialized : .*accepted stdio/,
      /trigger-elicitation-request · tap-journey-host 1\.0\.0\s*complete\s*1 round · 2 legs/,
      /^Round 1 elicitation\/create server → client: .*asks elicitation\/create #\d+ · answers elicitation\/create #\d+/,
      /^Round 2 tools\/call trigger-elicitation-request: .*complete stdio/,
    ]);
    // the host's answer is the call's: no other traffic leg is a response
    await expect(timeline.getByRole('button', { name: /^Round \d+ response/ })).toHaveCount(0);
  });
});
