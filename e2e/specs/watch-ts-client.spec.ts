/**
 * Watching a real client: the official TypeScript SDK's `Client` (its own MRTR auto-loop, 2026-07-28) calls the
 * bundled mock's `approve_payment_signed` through a proxy the page starts. Its call completes unchanged and shows in
 * the Timeline as it happens, labelled with the client's name and version; with "Hold client requests" its retry waits
 * for Forward, and a requestState changed by one character makes the client get the server's -32602. "Audit this call"
 * then audits the server's handling of that tool. Drop: a held retry or a held server answer dropped in the page ends
 * the client's call with the inspector's own JSON-RPC error, saying so, and the Timeline shows the leg that never got
 * its answer.
 */
import { expect } from '@playwright/test';
import { DROPPED_CODE, DROPPED_MESSAGE } from '../../src/protocol/proxy-wire.ts';
import { test } from '../fixtures.ts';
import type { InspectorPage } from '../pages/inspector-page.ts';
import { AuditPage } from '../pages/audit-page.ts';
import { WatchPage } from '../pages/watch-page.ts';
import { runTsClient } from '../clients/run-ts-client.ts';

test.describe('a TypeScript SDK client through the proxy', () => {
  test.describe.configure({ timeout: 120_000 });

  /** The page on the app's own mock (through the relay) and a proxy started in front of it. */
  async function watchMock(inspector: InspectorPage): Promise<{ watch: WatchPage; proxyUrl: string; target: string }> {
    const config = await inspector.page.request
      .get('/__inspector/config')
      .then((r) => r.json() as Promise<{ mockUrl: string }>);
    const target = new URL('/mcp', config.mockUrl).toString();
    await inspector.open(`?server=${encodeURIComponent(target)}&transport=relay`);
    const watch = new WatchPage(inspector);
    return { watch, proxyUrl: await watch.start(target), target };
  }

  test('completes its call unchanged, live in the Timeline, and waits on a held retry until Forward', async ({
    inspector,
  }) => {
    const { watch, proxyUrl, target } = await watchMock(inspector);

    // nothing held: the SDK's auto-loop answers the question and retries by itself
    const plain = runTsClient(proxyUrl, 'modern', 'approve_payment_signed', { amount: 7 });
    expect(await plain.done).toEqual({
      text: 'Approved payment of 7 EUR (approved_by mrtr-mock, state signed).',
      isError: false,
    });
    const conversation = inspector.timeline.getByRole('button', {
      name: /approve_payment_signed · ts-watch-client 2\.4\.0/,
    });
    await expect(conversation.first()).toBeVisible();
    await expect(watch.region).toContainText(/[1-9]\d* requests? · [1-9]\d* answers?/);

    // hold: forward each request until the retry, then change one character of its requestState
    await watch.holdRequests.check();
    const held = runTsClient(proxyUrl, 'modern', 'approve_payment_signed', { amount: 9 });
    await watch.forwardUntilRetry();
    await expect(watch.heldRequest).toContainText(/The client has waited \d+ s/);
    expect(held.exited()).toBe(false);
    // live: the held call's first round is in the Timeline while its client still waits
    await expect(conversation).toHaveCount(2);
    // read-only: a watched conversation offers nothing to answer or send on its client's behalf (it answers itself),
    // not even the held call's, whose first round asked and whose retry waits
    const page = inspector.page;
    const asked = inspector.timeline
      .getByRole('button', { name: /^Round 1 tools\/call approve_payment_signed: input_required/ })
      .last();
    await asked.click();
    await expect(asked).toHaveAttribute('aria-pressed', 'true');
    const views = page.getByRole('region', { name: 'Conversation views' });
    await expect(views.getByRole('heading', { name: /^approve_payment_signed · ts-watch-client/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Input requests' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Next request' })).toHaveCount(0);
    const state = watch.heldRequest.getByRole('textbox', { name: 'requestState' });
    const value = await state.inputValue();
    // one character in the middle: the last base64 character may carry only padding bits, and changing those leaves
    // the decoded bytes (and so a valid seal) as they were
    const at = Math.floor(value.length / 2);
    const other = value[at] === 'A' ? 'B' : 'A';
    await state.fill(`${value.slice(0, at)}${other}${value.slice(at + 1)}`);
    await watch.heldRequest.getByRole('button', { name: 'Forward' }).click();
    expect(await held.done).toMatchObject({ error: { code: -32602 } });

    // audited from the watched call: the audit runs at once against the proxy's target, with only the call's name
    await asked.click();
    await page.getByRole('button', { name: 'Audit this call' }).click();
    const audit = new AuditPage(page);
    await expect(audit.only).toHaveValue('approve_payment_signed');
    await expect(audit.summary).toHaveText('1 audited, 0 with failures.', { timeout: 60_000 });
    await expect(audit.check('approve_payment_signed', 'PASS', 'Tampered state is refused')).toBeVisible();
    await expect(audit.panel).toContainText(target);

    // stopped: the app's server keeps no proxy for the journeys after this one
    await watch.stop(target);
  });

  test("Drop: a dropped retry, and a dropped server answer, end the client's call with the inspector's error", async ({
    inspector,
  }) => {
    const { watch, proxyUrl, target } = await watchMock(inspector);

    // the retry, held and dropped: the client's call ends with the proxy's error; the server never saw the retry
    await watch.holdRequests.check();
    const retryDropped = runTsClient(proxyUrl, 'modern', 'approve_payment_signed', { amount: 11 });
    await watch.forwardUntilRetry();
    const retry = watch.heldRequest;
    await retry.getByRole('button', { name: 'Drop' }).click();
    await expect(retry).toBeHidden();
    expect(await retryDropped.done).toEqual({
      error: {
        code: DROPPED_CODE,
        message: expect.stringContaining(`${DROPPED_MESSAGE}request.`),
        data: { source: 'mrtr-inspector', dropped: 'request' },
      },
    });
    await expect(inspector.page.getByRole('region', { name: 'Held request' })).toHaveCount(0);
    await watch.holdRequests.uncheck();

    // the server's answer to the retry, held and dropped: the server approved, the client is told it was dropped
    await watch.holdResponses.check();
    const answerDropped = runTsClient(proxyUrl, 'modern', 'approve_payment_signed', { amount: 12 });
    const answer = await watch.forwardHeldUntil('response', 'Approved payment of 12 EUR');
    await answer.getByRole('button', { name: 'Drop' }).click();
    await expect(answer).toBeHidden();
    expect(await answerDropped.done).toEqual({
      error: {
        code: DROPPED_CODE,
        message: expect.stringContaining(`${DROPPED_MESSAGE}server's answer.`),
        data: { source: 'mrtr-inspector', dropped: 'response' },
      },
    });
    await watch.holdResponses.uncheck();

    // the Timeline: each call's second round is a leg whose answer never reached its client, and says why. The
    // dropped retry never reached the server either; the dropped answer is the server's HTTP 200.
    const calls = inspector.timeline.getByRole('button', { name: /approve_payment_signed · ts-watch-client 2\.4\.0/ });
    await expect(calls).toHaveCount(2);
    const unanswered = inspector.timeline.getByRole('button', {
      name: /^Round 2 tools\/call approve_payment_signed: .*no response/,
    });
    await expect(unanswered).toHaveCount(2);
    await expect(unanswered.first()).toContainText('no HTTP response');
    await expect(unanswered.last()).toContainText('HTTP 200');
    const legInspector = inspector.page.getByRole('region', { name: 'Leg inspector' });
    await unanswered.first().click();
    await expect(legInspector).toContainText('dropped in the inspector (held request)');
    await unanswered.last().click();
    await expect(legInspector).toContainText("dropped in the inspector (held server's answer)");

    await watch.stop(target);
  });
});
