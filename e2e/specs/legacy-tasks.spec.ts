import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { LegacyPushedPage } from '../pages/legacy-pushed-page.ts';
import { TaskPage } from '../pages/task-page.ts';
import {
  everythingEntry,
  startEverythingServer,
  type EverythingServer,
} from '../../src/node/test-servers/everything-server.fixtures.ts';

// the reference server of the 2025-11-25 era, started by this spec on a loopback port of its own
let everything: EverythingServer | undefined;

test.describe('2025-11-25 tasks: the everything server’s simulate-research-query', () => {
  test.skip(!everythingEntry(), '@modelcontextprotocol/server-everything is not installed (npm install brings it)');
  // a real research run: four stages of a second each, polled at the server's pollInterval
  test.describe.configure({ timeout: 60_000 });
  test.beforeAll(async () => {
    everything = await startEverythingServer();
  });
  test.afterAll(async () => {
    await everything?.close();
  });

  test('a required task tool is called as a task; its clarification is answered on tasks/result and the report comes back', async ({
    inspector,
    page,
  }) => {
    await inspector.open(`?server=${encodeURIComponent(everything!.url)}`);
    await expect(inspector.status).toContainText('era 2025-11-25');
    const tasks = new TaskPage(page);
    const legacy = new LegacyPushedPage(page);
    await inspector.tool('simulate-research-query').click();
    await expect(page.getByRole('region', { name: 'Call' })).toContainText('Runs as a task (2025-11-25');
    await page.getByRole('textbox', { name: /topic/ }).fill('python');
    await page.getByRole('checkbox', { name: /ambiguous/ }).check();
    await page.getByRole('button', { name: 'Call tool' }).click();

    // the call carried params.task and got a CreateTaskResult; the task is followed by polling
    await expect(tasks.panel).toContainText('2025-11-25 task');
    await expect(tasks.button('Poll now')).toBeVisible();
    await expect(tasks.button('Cancel task')).toBeVisible();
    await expect(tasks.panel.getByRole('button', { name: 'Listen for notifications' })).toHaveCount(0);
    await expect(tasks.panel.getByTestId('task-status-message')).toContainText(/Gathering sources|Analyzing content/);

    // input_required: tasks/result is opened and the server's clarification arrives on its stream
    const card = legacy.pushed('elicitation/create');
    await expect(card).toContainText('could have multiple interpretations');
    await expect(tasks.panel).toContainText('input_required');
    await card.getByLabel('Clarification').selectOption({ label: 'Python snake species' });
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(legacy.responseBody()).toContainText('"interpretation": "snake"');
    // the answer names the task its request was about, as the spec requires of every message related to a task
    await expect(legacy.responseBody()).toContainText('"io.modelcontextprotocol/related-task"');
    await legacy.sendResponse();

    await expect(inspector.result).toContainText('Research Report: python (snake)');
    await expect(tasks.panel).toContainText('completed');
    await expect(tasks.panel).toContainText('1 answer(s) on tasks/result');
    // the server's task store tells every status change on the session's own stream as well
    await expect(tasks.panel).toContainText(/\d+ notifications\/tasks\/status received/);
    await expect(inspector.timeline).toContainText('tasks/get');
    await expect(inspector.timeline).toContainText('tasks/result');
  });

  test('a second run is cancelled with "Cancel task"', async ({ inspector, page }) => {
    await inspector.open(`?server=${encodeURIComponent(everything!.url)}`);
    await expect(inspector.status).toContainText('era 2025-11-25');
    const tasks = new TaskPage(page);
    await inspector.callTool('simulate-research-query', async (p) => {
      await p.getByRole('textbox', { name: /topic/ }).fill('tides');
    });
    await expect(tasks.panel).toContainText('working');
    await tasks.button('Cancel task').click();
    await expect(tasks.panel).toContainText('cancelled');
    await expect(tasks.panel.getByTestId('task-status-message')).toContainText('Client cancelled task execution.');
    await expect(inspector.result).toContainText('The task was cancelled');
    await expect(inspector.timeline).toContainText('tasks/cancel');
    await expect(tasks.button('Poll now')).toHaveCount(0);

    // the server declares tasks.list: the Catalog lists its tasks when asked, this one among them
    const serverTasks = page.getByRole('group', { name: 'Server tasks' });
    await serverTasks.getByRole('button', { name: 'List tasks' }).click();
    const taskId = ((await tasks.panel.getByRole('heading').first().textContent()) ?? '').replace(/^Task /, '');
    await expect(serverTasks.getByRole('listitem').filter({ hasText: taskId })).toContainText('cancelled');
  });
});
