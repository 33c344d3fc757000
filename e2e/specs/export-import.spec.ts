import { expect } from '@playwright/test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '../fixtures.ts';
import { InspectorPage } from '../pages/inspector-page.ts';
import { SessionPage } from '../pages/session-page.ts';

test.describe('sessions that travel', () => {
  let dir: string;
  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mrtr-e2e-'));
  });

  test('an exported session imported in a fresh browser shows the same timeline, offline, and can be re-run', async ({
    inspector,
    page,
    browser,
  }) => {
    // two browsers, a call, an export, an import and a re-run: 18 s on a quiet machine, over 30 s at load 15
    test.slow();
    await inspector.open();
    await inspector.provisionOrders();
    const exported = await new SessionPage(page).download('Export session');
    expect(exported.name).toMatch(/^mrtr-session-.+\.json$/);
    expect(JSON.parse(exported.text)).toMatchObject({ format: 'mrtr-inspector-session', version: 1, redacted: true });

    const fresh = await browser.newContext();
    const other = new InspectorPage(await fresh.newPage());
    const otherSession = new SessionPage(other.page);
    await other.open();
    await expect(other.legs()).toHaveCount(0);
    await otherSession.importText(exported.name, exported.text, dir);
    await expect(otherSession.message).toContainText(`Imported 1 conversation(s), 2 leg(s) from ${exported.name}`);
    await expect(other.legs()).toHaveCount(2);
    await expect(other.legs().nth(0)).toContainText('input_required');
    await expect(other.legs().nth(0)).toContainText('asks region');
    await expect(other.legs().nth(1)).toContainText('complete');
    await expect(other.result).toContainText('Provisioned orders in eu-west-1');
    await expect(otherSession.recording).toContainText('recorded · offline');

    // re-run against the live server and compare round by round
    await otherSession.recording.getByRole('button', { name: 'Re-run against live server' }).click();
    await expect(other.inputRequest('region')).toBeVisible();
    const compare = other.page.getByRole('table', { name: 'Compare runs' });
    await expect(compare.getByRole('row').nth(1)).toContainText('same');
    await otherSession.recording.getByRole('button', { name: 'Use recorded answers (region)' }).click();
    await other.sendRetry();
    await expect(other.result).toContainText('Provisioned orders in eu-west-1');
    await expect(compare.getByRole('row').nth(2)).toContainText('same');
    await fresh.close();
  });

  test('a corrupted import file gets the precise message and the current session survives', async ({
    inspector,
    page,
  }) => {
    const session = new SessionPage(page);
    await inspector.open();
    await inspector.provisionOrders();
    const exported = await session.download('Export session');
    const file = JSON.parse(exported.text);
    const legId = Object.keys(file.session.legs)[1]!;
    file.session.legs[legId].exchange.response.status = 'two hundred';
    await session.importText('broken.json', JSON.stringify(file), dir);
    await expect(session.problem).toHaveText(
      new RegExp(
        `^Could not import broken\\.json: session\\.legs\\["${legId}"\\]\\.exchange\\.response\\.status: Invalid input: expected number, received string\\. Your current session is unchanged\\.`,
      ),
    );
    await expect(inspector.legs()).toHaveCount(2);
    await expect(inspector.result).toContainText('Provisioned orders in eu-west-1');

    file.version = 7;
    await session.importText('newer.json', JSON.stringify(file), dir);
    await expect(session.problem).toContainText(
      'Could not import newer.json: This file was written by a newer version (7) of the session format',
    );
  });

  test('a share link opens the same conversation in another browser', async ({ inspector, page, browser }) => {
    await inspector.open();
    await inspector.provisionOrders();
    const url = await new SessionPage(page).shareLink();
    expect(new URL(url).hash).toMatch(/^#share=1\./);

    const fresh = await browser.newContext();
    const other = new InspectorPage(await fresh.newPage());
    await other.page.goto(url);
    await expect(other.legs()).toHaveCount(2);
    await expect(other.legs().nth(1)).toContainText('complete');
    await expect(other.result).toContainText('Provisioned orders in eu-west-1');
    await expect(new SessionPage(other.page).recording).toContainText('Imported from a share link');
    await expect(other.page).toHaveURL((u) => u.hash === '');
    await fresh.close();
  });

  test('HAR export holds every leg with its MRTR facts and no token', async ({ inspector, page }) => {
    await inspector.open();
    await page.getByRole('button', { name: 'Connection settings' }).click();
    await page.getByLabel('Bearer token').fill('sk-e2e-secret');
    await inspector.provisionOrders();
    const har = await new SessionPage(page).download('Export HAR');
    expect(har.name).toMatch(/\.har$/);
    const log = JSON.parse(har.text).log;
    expect(log.version).toBe('1.2');
    expect(log.entries.map((e: any) => [e._mrtr.round, e._mrtr.outcome])).toEqual([
      [1, 'input_required'],
      [2, 'complete'],
    ]);
    expect(log.entries[0].request.headers).toContainEqual({ name: 'Authorization', value: 'Bearer [redacted]' });
    expect(har.text).not.toContain('sk-e2e-secret');
  });
});
