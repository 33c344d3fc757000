import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import type { InspectorPage } from '../pages/inspector-page.ts';
import { TimelinePage } from '../pages/timeline-page.ts';

/**
 * A conversation keeps its server: a retry carries the state its server minted and a response answers the request
 * its server asked, so the leg goes there even after the user connected elsewhere, and the composer says so before
 * the send. Sending it elsewhere is a choice the composer shows.
 */

async function connectTo(app: InspectorPage, url: string) {
  await app.serverUrl.fill(url);
  await app.connect.click();
  await expect(app.status).toContainText('connected');
}

/** Back to the first conversation whose Timeline leg matches `name`. */
async function openLeg(app: InspectorPage, name: RegExp) {
  await app.timeline.getByRole('button', { name }).first().click();
}

test.describe('a 2026-07-28 retry', () => {
  test('goes to the server that minted its state, after connecting to another', async ({ inspector: app }) => {
    const mock = await new TimelinePage(app).mockUrl();
    const a = new URL('/fleet/split/a', mock).toString();
    const b = new URL('/fleet/split/b', mock).toString();
    await app.open(`?server=${encodeURIComponent(a)}`);
    await app.callProvision();
    await app.acceptRegion();
    await expect(app.requestState()).not.toHaveValue('');

    // another instance, with keys of its own: it would refuse the state
    await connectTo(app, b);
    await openLeg(app, /^Round 1 tools\/call provision/);
    await expect(app.composer).toContainText(`POST ${a}`);
    await expect(app.composer).toContainText(`This leg goes to ${a}, the server that asked`);
    await expect(app.composer).toContainText(`The app is connected to ${b} now.`);
    await app.sendRetry();
    await expect(app.result).toContainText('Provisioned orders in eu-west-1');
  });

  test('goes to another server only when the user says so in the composer', async ({ inspector: app }) => {
    const mock = await new TimelinePage(app).mockUrl();
    const a = new URL('/fleet/split/a', mock).toString();
    const b = new URL('/fleet/split/b', mock).toString();
    await app.open(`?server=${encodeURIComponent(a)}`);
    await app.callProvision();
    await app.acceptRegion();
    await connectTo(app, b);
    await openLeg(app, /^Round 1 tools\/call provision/);

    await app.composer.getByRole('button', { name: 'Send to the connected server instead' }).click();
    await expect(app.composer).toContainText(`POST ${b}`);
    await expect(app.composer).toContainText(`This leg goes to ${b}, chosen by you`);
    await expect(app.composer.getByRole('button', { name: 'Send to the server that asked' })).toBeVisible();
    await app.sendRetry();
    // b has its own keys: a's state is refused with the frozen error
    await expect(app.result).toContainText('-32602');
  });
});

test.describe("a 2025-11-25 server's pending request", () => {
  test.describe.configure({ timeout: 90_000 });

  test('answered after connecting elsewhere, goes to the server that asked, in its session', async ({
    inspector: app,
    page,
    everything: server,
  }) => {
    const everything = server.url;
    await page.goto(`/?server=${encodeURIComponent(everything)}`);
    await expect(app.status).toContainText('era 2025-11-25');
    // the everything server asks roots/list on its session as soon as it is initialized
    const rootsLeg = app.timeline.getByRole('button', { name: /^Round 1 roots\/list server/ });
    await expect(rootsLeg.first()).toBeVisible();

    const mock = await new TimelinePage(app).mockUrl();
    await connectTo(app, new URL('/mcp', mock).toString());

    await rootsLeg.first().click();
    const roots = page.getByRole('group', { name: /^roots\/list #/ });
    await roots.getByRole('textbox', { name: 'URI 1' }).fill('file:///work/kept');
    await roots.getByRole('button', { name: 'Send roots' }).click();
    await expect(app.composer).toContainText(`POST ${everything}`);
    await expect(app.composer).toContainText(`This leg goes to ${everything}, the server that asked`);
    await expect(app.composer).toContainText('mcp-session-id');
    await expect(app.composer.getByRole('button', { name: 'Send to the connected server instead' })).toHaveCount(0);
    await app.composer.getByRole('button', { name: 'Send response' }).click();
    await expect(app.result).toContainText('The response went out (the server acknowledged it with HTTP 202)');
  });
});
