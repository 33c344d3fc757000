import { expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { toSessionFile } from '../../src/session/io/session-file.ts';
import { generateSession } from '../bench/session-gen.ts';
import { test } from '../fixtures.ts';
import { SessionPage } from '../pages/session-page.ts';
import { TimelinePage } from '../pages/timeline-page.ts';

const run = promisify(execFile);

test.describe('timeline and leg inspector', () => {
  test('a three-round conversation shows one row per leg, think time, and folds to one row', async ({ inspector }) => {
    const timeline = new TimelinePage(inspector);
    await inspector.open();
    await inspector.callTool('ask_until_accept');
    await expect(inspector.inputRequest('consent')).toBeVisible();
    await timeline.answerConsent('Decline');
    await expect(inspector.legs()).toHaveCount(2);
    await timeline.answerConsent('Accept');
    await expect(inspector.result).toContainText('Terms accepted');

    await expect(inspector.legs()).toHaveCount(3);
    // the conversation header is item 1 of 4, its legs items 2 to 4
    await expect(timeline.leg(0)).toHaveAttribute('aria-posinset', '2');
    await expect(timeline.leg(2)).toHaveAttribute('aria-setsize', '4');
    await expect(timeline.leg(1)).toContainText('answers consent');
    await expect(timeline.leg(1)).toContainText(/think \d/);

    // waterfall: one row per leg (plus the header), think time before rounds 2 and 3
    await timeline.view('Waterfall');
    await expect(timeline.waterfallRows()).toHaveCount(4);
    await expect(timeline.waterfallRows().nth(1)).toContainText('–');
    await expect(timeline.waterfallRows().nth(2)).toContainText(/\d+(\.\d+)? m?s/);
    await expect(timeline.views).toContainText(/think time \d/);

    await timeline.view('Sequence');
    await expect(timeline.views.getByRole('list', { name: 'Sequence steps' })).toContainText(
      'client answers consent and echoes state',
    );

    // the conversation folds to one row and unfolds again
    const header = timeline.conversation(/2 rounds · 3 legs/);
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await expect(inspector.legs()).toHaveCount(0);
    await header.click();
    await expect(inspector.legs()).toHaveCount(3);

    // filter by status keeps only the complete leg
    await timeline.page.getByRole('combobox', { name: 'Filter by status' }).selectOption('complete');
    await expect(inspector.legs()).toHaveCount(1);
    await expect(timeline.leg(0)).toContainText('complete');
  });

  test('the diff of two legs shows the requestState that changed', async ({ inspector }) => {
    const timeline = new TimelinePage(inspector);
    await inspector.open();
    await inspector.callTool('ask_until_accept');
    await timeline.answerConsent('Decline');
    await expect(inspector.legs()).toHaveCount(2);

    await timeline.selectLeg(1);
    await timeline.tab('Diff');
    const diff = timeline.diff();
    await expect(diff.getByRole('combobox', { name: 'Compare with' })).toHaveValue(/.+/);
    await expect(diff).toContainText(/Changed: .*requestState received/);
    const received = diff.getByRole('group', { name: 'requestState received' });
    await expect(received).toContainText(/\d+ bytes? changed/);
    await expect(
      received.getByRole('table', { name: 'requestState received changed bytes' }).locator('mark').first(),
    ).toBeVisible();
    // the retry echoed leg 1's state, which leg 1 itself did not send
    await expect(diff.getByRole('group', { name: 'requestState sent' })).toContainText('absent on the base leg');
  });

  test('copy as cURL gives a command that replays the leg against the mock', async ({ inspector, page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const timeline = new TimelinePage(inspector);
    await inspector.open();
    await inspector.callProvision();
    await inspector.inputRequest('region').getByLabel('Region').selectOption('eu-west-1');
    await inspector.inputRequest('region').getByRole('button', { name: 'Accept', exact: true }).click();
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Provisioned orders in eu-west-1');

    await timeline.selectLeg(1);
    await timeline.legInspector.getByRole('checkbox', { name: 'Raw' }).check();
    const recorded = JSON.parse((await timeline.legInspector.getByLabel('Response body').textContent()) ?? '');

    await timeline.tab('Copy');
    const command = await timeline.curlCommand().inputValue();
    expect(command).toContain(await timeline.mockUrl());
    expect(command).toContain("-H 'Mcp-Name: provision'");
    await timeline.legInspector.getByRole('button', { name: 'Copy as cURL' }).click();
    await expect(timeline.legInspector).toContainText('cURL copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);

    const { stdout } = await run('bash', ['-c', command], { timeout: 15_000 });
    const replayed = JSON.parse(stdout);
    expect(replayed.id).toBe(recorded.id);
    expect(replayed.result).toEqual(recorded.result);
    expect(replayed.result.content[0].text).toBe('Provisioned orders in eu-west-1');
  });

  test('a chaos schema outside the restricted subset is flagged by lint on its leg', async ({ inspector }) => {
    const timeline = new TimelinePage(inspector);
    const mock = await (async () => {
      await inspector.page.goto('/');
      return timeline.mockUrl();
    })();
    await inspector.open(`?server=${encodeURIComponent(mock.replace('/mcp', '/chaos'))}`);
    await inspector.callTool('invalid_schema_form');
    await expect(inspector.legs()).toHaveCount(1);
    await expect(timeline.leg(0)).toContainText('lint: 1 error');

    await timeline.selectLeg(0);
    await timeline.tab(/^Lint/);
    const finding = timeline.lintFindings().getByRole('listitem').first();
    await expect(finding).toContainText('server/restricted-schema');
    await expect(finding).toContainText('/properties/address');
    await expect(finding).toContainText('2026-07-28 client/elicitation § Requested Schema');

    await timeline.view(/Findings/);
    await expect(timeline.views.getByRole('table', { name: 'Findings by rule' })).toContainText(
      'server/restricted-schema',
    );
  });

  test('two calls of one tool are told apart by their arguments and start time', async ({ inspector }) => {
    const timeline = new TimelinePage(inspector);
    await inspector.open();
    for (const [i, name] of ['db17', 'db18'].entries()) {
      await inspector.callProvision(name);
      await expect(inspector.legs()).toHaveCount(i + 1);
    }
    const first = timeline.conversation(/^\d\d:\d\d:\d\d provision name: "db17"/);
    const second = timeline.conversation(/^\d\d:\d\d:\d\d provision name: "db18"/);
    await expect(first).toBeVisible();
    await expect(second).toBeVisible();
    // one line each: the summary is cut by CSS, the row keeps its height
    const box = await first.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(32);
  });

  test('a long session flung through draws plain one-line rows, and full rows again when the scroll stops', async ({
    inspector,
  }, testInfo) => {
    const timeline = new TimelinePage(inspector);
    const session = new SessionPage(inspector.page);
    await inspector.open();
    const g = generateSession(2_000);
    const text = JSON.stringify(toSessionFile(g.state, { redacted: false, now: Date.now() }));
    await mkdir(testInfo.outputDir, { recursive: true });
    await session.importText('long.json', text, testInfo.outputDir);
    await expect(session.message).toContainText(`${g.legs} leg(s) from long.json`);
    await expect(inspector.legs().first()).toBeVisible();

    // a screen and more per frame: every row on screen is new in each frame, drawn plain; a few rows per frame: full
    const flung = await timeline.fling(20, 1_500);
    expect(flung.slice(1).every((f) => f.rows > 5 && f.plain === f.rows)).toBe(true);
    await expect(timeline.plainRows()).toHaveCount(0);
    await expect(inspector.legs().first().getByRole('button')).toHaveAccessibleName(/^Round \d+ [\w/]+ \w+: /);
    const slow = await timeline.fling(10, 40);
    expect(slow.every((f) => f.plain === 0)).toBe(true);
  });
});
