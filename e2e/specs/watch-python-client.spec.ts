/**
 * Watching a real client: the Python SDK's `Client` (its own MRTR auto-loop) calls an independent Python SDK server
 * through a proxy the page starts. Its call completes unchanged and shows in the Timeline as it happens; with "Hold
 * client requests" its retry waits for Forward, and a requestState with one bit flipped in the requestState lab makes the
 * client get the server's -32602. "Stop proxy" then closes the proxy.
 */
import type { ChildProcess } from 'node:child_process';
import { closedPortUrl } from '../../src/node/test-servers/listen.fixtures.ts';
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { AuditPage } from '../pages/audit-page.ts';
import { WatchPage } from '../pages/watch-page.ts';
import { pythonWithMcp, runPythonClient, startPythonServer } from '../python/python-mcp.ts';

test.describe('a Python SDK client through the proxy', () => {
  test.describe.configure({ timeout: 120_000 });
  let server: ChildProcess | undefined;
  const env = pythonWithMcp();
  test.afterEach(() => {
    server?.kill();
    server = undefined;
  });

  test('completes its call unchanged, live in the Timeline, and waits on a held retry until Forward', async ({
    inspector,
  }) => {
    test.skip('skip' in env, 'skip' in env ? env.skip : '');
    const python = (env as { python: string }).python;
    const port = Number(new URL(await closedPortUrl()).port);
    server = await startPythonServer(python, port);
    const target = `http://127.0.0.1:${port}/mcp`;
    await inspector.open(`?server=${encodeURIComponent(target)}&transport=relay`);
    const watch = new WatchPage(inspector);
    const proxyUrl = await watch.start(target);

    // nothing held: the SDK's auto-loop answers the question and retries by itself
    const plain = runPythonClient(python, proxyUrl, 5);
    expect(await plain.done).toMatchObject({ text: 'Approved 5' });
    const conversation = inspector.timeline.getByRole('button', { name: /approve · py-watch-client 2\.3\.0/ });
    await expect(conversation.first()).toBeVisible();
    await expect(watch.region).toContainText(/[1-9]\d* requests? · [1-9]\d* answers?/);

    // hold: forward each request until the retry, then change one character of its requestState
    await watch.holdRequests.check();
    const held = runPythonClient(python, proxyUrl, 9);
    await watch.forwardUntilRetry();
    await expect(watch.heldRequest).toContainText(/The client has waited \d+ s/);
    expect(held.exited()).toBe(false);
    // one bit of the first byte, flipped in the requestState lab's hex grid (the composer's own lab)
    const state = watch.heldRequest.getByRole('textbox', { name: 'requestState' });
    const value = await state.inputValue();
    await watch.flipHeldByte(0);
    await expect(state).not.toHaveValue(value);
    await expect(watch.heldRequest.getByRole('alert')).toContainText('Tampering: you are changing requestState');
    await watch.heldRequest.getByRole('button', { name: 'Forward' }).click();
    expect(await held.done).toMatchObject({ error: { code: -32602 } });

    // from watching to stepping: the retry forked into the app's own composer, with the client's requestState
    await watch.watchedLeg(/^Round 2 tools\/call approve/).click();
    await inspector.page.getByRole('button', { name: 'Fork into composer' }).click();
    const nextRequest = inspector.page.getByRole('region', { name: 'Next request' });
    await expect(nextRequest.getByRole('textbox', { name: 'requestState' })).not.toHaveValue('');
    // and the call audited: the audit runs at once against the Python server, with only the call's name
    await watch.watchedLeg(/^Round 1 tools\/call approve/).click();
    await inspector.page.getByRole('button', { name: 'Audit this call' }).click();
    const audit = new AuditPage(inspector.page);
    await expect(audit.only).toHaveValue('approve');
    await expect(audit.summary).toContainText('1 audited', { timeout: 60_000 });
    await expect(audit.scorecard('approve')).toBeVisible();

    // stopped from the page: its port closes and the app's server keeps no proxy for later pages
    await watch.stop(target);
    await expect(watch.region).toBeHidden();
    await expect(fetch(proxyUrl, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
