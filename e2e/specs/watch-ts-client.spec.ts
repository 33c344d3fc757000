/**
 * Watching a real client: the official TypeScript SDK's `Client` (its own MRTR auto-loop, 2026-07-28) calls the
 * bundled mock's `approve_payment_signed` through a proxy the page starts. Its call completes unchanged and shows in
 * the Timeline as it happens, labelled with the client's name and version; with "Hold client requests" its retry waits
 * for Forward, and a requestState changed by one character makes the client get the server's -32602. "Audit this call"
 * then audits the server's handling of that tool.
 */
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { AuditPage } from '../pages/audit-page.ts';
import { WatchPage } from '../pages/watch-page.ts';
import { runTsClient } from '../clients/run-ts-client.ts';

test.describe('a TypeScript SDK client through the proxy', () => {
  test.describe.configure({ timeout: 120_000 });

  test('completes its call unchanged, live in the Timeline, and waits on a held retry until Forward', async ({
    inspector,
  }) => {
    const config = await inspector.page.request
      .get('/__inspector/config')
      .then((r) => r.json() as Promise<{ mockUrl: string }>);
    const target = new URL('/mcp', config.mockUrl).toString();
    await inspector.open(`?server=${encodeURIComponent(target)}&transport=relay`);
    const watch = new WatchPage(inspector);
    const proxyUrl = await watch.start(target);

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
});
