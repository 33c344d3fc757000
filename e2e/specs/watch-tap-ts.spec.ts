/**
 * Watching a desktop host's stdio server, both ends the official TypeScript SDK: its stdio `Client` (its MRTR
 * auto-loop, pinned to 2026-07-28) launches `mrtr-inspector tap -- <a TypeScript SDK server>` (an `McpServer` served
 * by the SDK's `serveStdio`, with the MRTR tool `confirm_delete`), as a host's config would. The tap reports to the
 * inspector under test: the call completes unchanged and shows in the Timeline as it happens; with "Hold client
 * requests" the retry waits until Forward; one character of its requestState changed makes the host get the server's
 * -32602.
 *
 * Why the server refused: the SDK writes no reason on stderr by itself; it hands it to the server's `onerror` hook
 * only. Behind the stdio demo server (no hook set) the page shows the server's log as it came and no reason beside the
 * refused leg; behind a server whose hook writes to stderr, the page shows that line as "the server's log says".
 */
import { join } from 'node:path';
import { expect, type Locator } from '@playwright/test';
import { test } from '../fixtures.ts';
import type { InspectorPage } from '../pages/inspector-page.ts';
import { endTappedHost, WatchPage } from '../pages/watch-page.ts';
import { DEMO_SERVER, startStdioHost, tapCommand, type StdioHost } from '../../src/node/tap/tap.fixtures.ts';

const APP = `http://127.0.0.1:${process.env.E2E_APP_PORT ?? 4180}`;
const CALL = { name: 'confirm_delete', arguments: { path: '/tmp/report.txt' } };
const LOGGING_SERVER = [
  process.execPath,
  '--import',
  'tsx',
  join(import.meta.dirname, '..', '..', 'src', 'node', 'test-servers', 'stdio-logging-server.ts'),
];

function text(result: unknown): string {
  return ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('');
}

test.describe('a TypeScript SDK stdio host through the tap', () => {
  test.describe.configure({ timeout: 120_000 });
  let host: StdioHost | undefined;
  test.afterEach(async ({ page }) => {
    await endTappedHost(page, host);
    host = undefined;
  });

  /**
   * The host launches the tap in front of `server`, named `name`; its call goes through unchanged and shows live; then,
   * with its requests held, its retry waits until Forward, one character of its requestState changed. Returns the tap's
   * entry in Watched clients once the host has had its -32602, the refused leg open in the Leg inspector.
   */
  async function refuseChangedState(inspector: InspectorPage, server: string[], name: string): Promise<Locator> {
    const started = await startStdioHost(tapCommand(server, ['--inspector', APP, '--name', name]), process.env);
    host = started;
    // the SDK probes the server with server/discover on a process of its own, then launches the one it keeps for
    // its next request: once that one runs, a tap is connected and the page follows the hub's traffic as it loads
    await started.client.listTools();
    await inspector.open();
    const watch = new WatchPage(inspector);
    const tap = watch.region.getByRole('listitem', { name: `tap of ${name}` });
    await expect(tap).toContainText(server.at(-1)!.split('/').at(-1)!);
    await expect(tap).toContainText('host tap-journey-host 1.0.0');

    // nothing held: the SDK's auto-loop answers the question and retries by itself, and gets the tool's own answer
    expect(text(await started.client.callTool(CALL))).toBe('Deleted /tmp/report.txt (dry run)');
    const call = inspector.timeline.getByRole('button', { name: /confirm_delete · tap-journey-host 1\.0\.0/ });
    await expect(call.first()).toBeVisible();
    await expect(watch.watchedLeg(/^Round 1 tools\/call confirm_delete: input_required/)).toBeVisible();
    await expect(watch.watchedLeg(/^Round 2 tools\/call confirm_delete: complete/)).toBeVisible();

    // hold: forward each request until the retry, then change one character of its requestState
    // the switch is told to the tap's process as the inspector applies it: the call starts once it has
    await Promise.all([
      inspector.page.waitForResponse((r) => r.url().endsWith('/__proxy/control') && r.ok()),
      tap.getByRole('checkbox', { name: 'Hold client requests' }).check(),
    ]);
    let settled = false;
    const held = started.client.callTool(CALL).then(
      (result) => ((settled = true), { result }),
      (error: unknown) => ((settled = true), { error: error as { code?: number } }),
    );
    await watch.forwardUntilRetry();
    await expect(watch.heldRequest).toContainText(/The client has waited \d+ s/);
    // the host's retry waits on the page: it has had no answer
    expect(settled).toBe(false);
    const state = watch.heldRequest.getByRole('textbox', { name: 'requestState' });
    const value = await state.inputValue();
    await watch.flipHeldByte(0);
    await expect(state).not.toHaveValue(value);
    // one character changed, no more: the same length, and all but one position the same
    const changed = await state.inputValue();
    expect(changed).toHaveLength(value.length);
    expect([...changed].filter((c, i) => c !== value[i])).toHaveLength(1);
    await watch.heldRequest.getByRole('button', { name: 'Forward' }).click();
    expect(await held).toMatchObject({ error: { code: -32602 } });
    await tap.getByRole('checkbox', { name: 'Hold client requests' }).uncheck();

    const refused = watch.watchedLeg(/^Round 2 tools\/call confirm_delete: error/);
    await refused.click();
    await expect(refused).toHaveAttribute('aria-pressed', 'true');
    await expect(legInspector(inspector).getByRole('group', { name: 'Response body' })).toContainText(
      'Invalid or expired requestState',
    );
    return tap;
  }

  const legInspector = (inspector: InspectorPage) => inspector.page.getByRole('region', { name: 'Leg inspector' });
  const says = "the server's log says";

  test('completes its call unchanged, live, holds the retry until Forward; a changed state is refused, and the log names no reason', async ({
    inspector,
  }) => {
    const tap = await refuseChangedState(inspector, DEMO_SERVER, 'ts-confirm');
    // the demo server leaves the SDK's onerror unset: its log shows what it wrote, and the page makes up no reason
    const log = tap.getByRole('list', { name: 'server log of ts-confirm' });
    await expect(log).toContainText('[stdio-demo] ready on stdio (protocol 2026-07-28)');
    await expect(log).toContainText('[stdio-demo] tools/call confirm_delete "/tmp/report.txt"');
    await expect(log).not.toContainText('requestState');
    await expect(legInspector(inspector).getByLabel(says)).toHaveCount(0);
  });

  test("a server whose onerror writes to stderr: the line that says why is shown beside the refused leg as the server's log says", async ({
    inspector,
  }) => {
    const tap = await refuseChangedState(inspector, LOGGING_SERVER, 'ts-logging');
    const reason = /requestState verification rejected tools\/call: \S+/;
    await expect(tap.getByRole('list', { name: 'server log of ts-logging' })).toContainText(reason);
    await expect(legInspector(inspector).getByLabel(says)).toContainText(reason);
    await expect(inspector.page.getByRole('region', { name: 'Result' }).getByLabel(says)).toContainText(reason);
  });
});
