import { expect } from '@playwright/test';
import { skipWithoutEverything, test } from '../fixtures.ts';
import type { InspectorPage } from '../pages/inspector-page.ts';
import { CatalogPage } from '../pages/catalog-page.ts';
import { ConnectionTrafficPage } from '../pages/connection-traffic-page.ts';
import { InputRequestsPage } from '../pages/input-requests-page.ts';
import { LegacyPushedPage } from '../pages/legacy-pushed-page.ts';
import { RequestOptionsPage } from '../pages/request-options-page.ts';
import { TaskPage } from '../pages/task-page.ts';
import type { InspectorServer } from '../../src/node/cli/serve.ts';
import { openEverythingStdio } from '../pages/everything-server.ts';
import { distMissing } from '../pages/stdio-demo.ts';

/**
 * The official everything server (2025-11-25, `@modelcontextprotocol/server-everything`), a real server the inspector
 * did not write: over streamable HTTP on a port of its own, and over stdio through `mrtr-inspector --stdio`.
 */
const ROOT_URI = 'file:///work/everything-e2e';

test.describe('the everything server, a real 2025-11-25 server', () => {
  test.describe.configure({ timeout: 90_000 });
  skipWithoutEverything();

  /** The conversation a session request (one the server pushed outside any call) was given, opened from the Timeline. */
  async function openSessionRequest(app: InspectorPage, method: string) {
    const leg = app.timeline.getByRole('button', { name: new RegExp(`^Round 1 ${method.replace('/', '\\/')} server`) });
    await leg.first().click();
    return app.page.getByRole('group', { name: new RegExp(`^${method.replace('/', '\\/')} #`) });
  }

  /**
   * echo right after connecting completes, although the server asks roots/list on its session meanwhile; the roots
   * answered from the page are the ones the server then knows (its get-roots-list tool says so).
   */
  async function echoDespiteRoots(app: InspectorPage) {
    await app.callTool('echo', async (p) => {
      await p.getByRole('textbox', { name: 'message', exact: true }).fill('hi');
    });
    const echo = app.timeline.getByRole('button', { name: /^Round 1 tools\/call echo:/ });
    await expect(echo).toContainText('complete');
    const roots = await openSessionRequest(app, 'roots/list');
    await expect(roots).toBeVisible();
    await roots.getByRole('textbox', { name: 'URI 1' }).fill(ROOT_URI);
    await roots.getByRole('button', { name: 'Send roots' }).click();
    await app.composer.getByRole('button', { name: 'Send response' }).click();
    await expect(app.result).toContainText('The response went out (the server acknowledged it with HTTP 202)');

    await app.callTool('get-roots-list');
    await expect(app.result).toContainText('Current MCP Roots (1 total)');
    await expect(app.result).toContainText(`URI: ${ROOT_URI}`);
  }

  /** Every leg, the connection's own included, is checked against its revision and none is flagged. */
  async function noLint(app: InspectorPage) {
    const traffic = new ConnectionTrafficPage(app);
    await traffic.show();
    await app.page.getByRole('combobox', { name: 'Filter by status' }).selectOption('has lint findings');
    const shown = app.page.getByRole('search', { name: 'Filter timeline' }).getByText(/^\d+ of \d+ legs$/);
    await expect(shown).toHaveText(/^0 of \d+ legs$/);
  }

  async function elicitation(app: InspectorPage, action: 'Accept' | 'Decline') {
    await app.callTool('trigger-elicitation-request');
    const card = app.page.getByRole('group', { name: /^elicitation\/create #/ });
    await expect(card).toContainText('Please provide inputs for the following fields:');
    if (action === 'Accept')
      await card
        .getByRole('textbox', { name: /^String/ })
        .first()
        .fill('Ada Lovelace');
    await card.getByRole('button', { name: action, exact: true }).click();
    await app.composer.getByRole('button', { name: 'Send response' }).click();
  }

  async function sampling(app: InspectorPage) {
    await app.callTool('trigger-sampling-request', async (p) => {
      await p.getByRole('textbox', { name: 'prompt', exact: true }).fill('Say hi');
    });
    const ui = new InputRequestsPage(app);
    const card = app.page.getByRole('group', { name: /^sampling\/createMessage #/ });
    await expect(card).toContainText('Say hi');
    const key = (await card.getAttribute('aria-label'))!;
    await ui.answerSampling(key, 'Hi from the page.', 'by-hand');
    await app.composer.getByRole('button', { name: 'Send response' }).click();
  }

  /** Progress on the call's stream, a prompt and a resource read over the session. */
  async function progressPromptResource(app: InspectorPage) {
    const options = new RequestOptionsPage(app);
    await options.open('trigger-long-running-operation');
    await app.page.getByRole('spinbutton', { name: 'duration', exact: true }).fill('1');
    await app.page.getByRole('spinbutton', { name: 'steps', exact: true }).fill('2');
    await options.askProgress.check();
    await app.page.getByRole('button', { name: 'Call tool' }).click();
    await expect(app.result).toContainText('Long running operation completed. Duration: 1 seconds, Steps: 2.');
    await options.legInspector.getByRole('tab', { name: /^SSE events/ }).click();
    await expect(options.legInspector.getByRole('list', { name: 'SSE events' })).toContainText(
      'notifications/progress',
    );

    const catalog = new CatalogPage(app);
    await catalog.getPrompt('simple-prompt', {});
    await expect(app.result).toContainText('This is a simple prompt without arguments.');
    await catalog.entry('Resources', 'features.md').click();
    await catalog.callPanel.getByRole('button', { name: 'Read resource' }).click();
    await expect(app.result).toContainText('demo://resource/static/document/features.md');
  }

  test.describe('over streamable HTTP', () => {
    test('calls, answers its requests from the page, and reads a resource and a prompt', async ({
      inspector: app,
      page,
      everything,
    }) => {
      await page.goto(`/?server=${encodeURIComponent(everything.url)}`);
      await expect(app.status).toContainText('era 2025-11-25');
      await echoDespiteRoots(app);

      await app.callTool('get-sum', async (p) => {
        await p.getByRole('spinbutton', { name: 'a', exact: true }).fill('2');
        await p.getByRole('spinbutton', { name: 'b', exact: true }).fill('3');
      });
      await expect(app.result).toContainText('The sum of 2 and 3 is 5.');

      // a request on the call's own stream is a round of that call
      await elicitation(app, 'Accept');
      await expect(app.result).toContainText('Ada Lovelace');
      await expect(
        app.timeline.getByRole('button', { name: /^Round 2 tools\/call trigger-elicitation-request:/ }),
      ).toBeVisible();
      await elicitation(app, 'Decline');
      await expect(app.result).toContainText('decline');

      await sampling(app);
      await expect(app.result).toContainText('Hi from the page.');

      await progressPromptResource(app);
      await noLint(app);
    });
  });

  test.describe('over stdio, through mrtr-inspector --stdio', () => {
    let inspector: InspectorServer | undefined;
    test.afterEach(async () => {
      await inspector?.close();
      inspector = undefined;
    });

    test('every request the server pushes reaches the page and is answered there', async ({ inspector: app, page }) => {
      test.skip(distMissing(), 'dist/ is not built (npm run build)');
      inspector = await openEverythingStdio(page);
      await expect(app.status).toContainText('era 2025-11-25');
      await echoDespiteRoots(app);

      await app.callTool('get-sum', async (p) => {
        await p.getByRole('spinbutton', { name: 'a', exact: true }).fill('2');
        await p.getByRole('spinbutton', { name: 'b', exact: true }).fill('3');
      });
      await expect(app.result).toContainText('The sum of 2 and 3 is 5.');

      // stdio cannot say which call a server request belongs to: each is a conversation of its own
      await elicitation(app, 'Accept');
      const accepted = app.timeline.getByRole('button', { name: /^Round 1 tools\/call trigger-elicitation-request:/ });
      await expect(accepted).toContainText('complete');
      await accepted.click();
      await expect(app.result).toContainText('Ada Lovelace');
      await elicitation(app, 'Decline');
      const call = app.timeline.getByRole('button', { name: /^Round 1 tools\/call trigger-elicitation-request:/ });
      await expect(call.last()).toContainText('complete');
      await call.last().click();
      await expect(app.result).toContainText('decline');

      await sampling(app);
      const sampled = app.timeline.getByRole('button', { name: /^Round 1 tools\/call trigger-sampling-request:/ });
      await expect(sampled).toContainText('complete');
      await sampled.click();
      await expect(app.result).toContainText('Hi from the page.');

      await progressPromptResource(app);
      await noLint(app);
    });

    test('a task-augmented tool runs as a 2025-11-25 task; its clarification is answered from the page', async ({
      inspector: app,
      page,
    }) => {
      test.skip(distMissing(), 'dist/ is not built (npm run build)');
      inspector = await openEverythingStdio(page);
      await expect(app.status).toContainText('era 2025-11-25');
      const tasks = new TaskPage(page);
      const legacy = new LegacyPushedPage(page);
      await app.tool('simulate-research-query').click();
      await expect(page.getByRole('region', { name: 'Call' })).toContainText('Runs as a task (2025-11-25');
      await page.getByRole('textbox', { name: /topic/ }).fill('python');
      await page.getByRole('checkbox', { name: /ambiguous/ }).check();
      await page.getByRole('button', { name: 'Call tool' }).click();
      await expect(tasks.panel).toContainText('2025-11-25 task');

      // the clarification is queued for tasks/result; over stdio it comes on the session, a conversation of its own
      const card = legacy.pushed('elicitation/create');
      await expect(card).toContainText('could have multiple interpretations');
      await card.getByLabel('Clarification').selectOption({ label: 'Python snake species' });
      await card.getByRole('button', { name: 'Accept', exact: true }).click();
      await legacy.sendResponse();
      await expect(app.result).toContainText('The response went out (the server acknowledged it with HTTP 202)');

      const research = app.timeline.getByRole('button', { name: /^Round 1 tools\/call simulate-research-query:/ });
      await research.click();
      await expect(tasks.panel).toContainText('completed');
      await expect(app.result).toContainText('Research Report: python (snake)');
      await expect(app.timeline).toContainText('tasks/result');
      // over stdio too: the task's status notifications reach its panel, and tasks/list lists it
      await expect(tasks.panel).toContainText(/\d+ notifications\/tasks\/status received/);
      const taskId = ((await tasks.panel.getByRole('heading').first().textContent()) ?? '').replace(/^Task /, '');
      const serverTasks = page.getByRole('group', { name: 'Server tasks' });
      await serverTasks.getByRole('button', { name: 'List tasks' }).click();
      await expect(serverTasks.getByRole('listitem').filter({ hasText: taskId })).toContainText('completed');
      await noLint(app);
    });
  });
});
