import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { TaskPage } from '../pages/task-page.ts';

test.describe('tasks extension: long-running calls that ask mid-way', () => {
  // each journey waits for a real job on the mock (steps of 600 ms, polls every 500 ms); the polling journeys turn
  // status notifications off, so they see the task by polling alone
  test.describe.configure({ timeout: 60_000 });

  test('deploy_release asks once as a task; the answer goes back as tasks/update and the task completes', async ({
    page,
  }) => {
    const tasks = new TaskPage(page);
    await tasks.openWithTasks({ notifications: false });
    await tasks.inspector.callTool('deploy_release');
    await expect(tasks.panel).toContainText('working');

    await tasks.autoPollUntil('input_required');
    await expect(tasks.panel.getByRole('status')).toContainText('Paused: the task needs your answer.');
    const approve = tasks.inspector.inputRequest('approve_deploy');
    await expect(approve).toContainText('Deploy v2.4.0 to production?');
    await approve.getByLabel('Deploy to production').check();
    await approve.getByRole('button', { name: 'Accept', exact: true }).click();

    const body = tasks.inspector.composer.getByLabel('Request body about to be sent');
    await expect(body).toContainText('"tasks/update"');
    await expect(body).toContainText('"approve_deploy"');
    await expect(body).not.toContainText('requestState');
    await tasks.sendUpdate();
    await expect(tasks.panel.getByLabel('Answered keys')).toContainText('approve_deploy: answered');

    await tasks.autoPollUntil('completed');
    await expect(tasks.inspector.result).toContainText('Deployed v2.4.0 to production.');
    await expect(tasks.inspector.timeline).toContainText('tasks/update');
  });

  test('migrate_database asks two keys at different times and never asks an answered one again', async ({ page }) => {
    const tasks = new TaskPage(page);
    await tasks.openWithTasks({ notifications: false });
    await tasks.inspector.callTool('migrate_database');
    await tasks.autoPollUntil('input_required');
    const backup = tasks.inspector.inputRequest('backup_window');
    await backup.getByLabel('Backup window').selectOption('tonight');
    await backup.getByRole('button', { name: 'Accept', exact: true }).click();
    await tasks.sendUpdate();

    await tasks.autoPollUntil('Waiting for cutover confirmation');
    await expect(tasks.inspector.inputRequest('confirm_cutover')).toBeVisible();
    await expect(tasks.inspector.inputRequest('backup_window')).toHaveCount(0);
    await expect(tasks.panel.getByLabel('Answered keys')).toContainText('backup_window: answered');
    const cutover = tasks.inspector.inputRequest('confirm_cutover');
    await cutover.getByLabel('Cut over').check();
    await cutover.getByRole('button', { name: 'Accept', exact: true }).click();
    await tasks.sendUpdate();
    await tasks.autoPollUntil('completed');
    await expect(tasks.inspector.result).toContainText('Migrated orders (backup tonight, cutover confirmed).');
  });

  test('flaky_export fails and the Result shows the inline error', async ({ page }) => {
    const tasks = new TaskPage(page);
    await tasks.openWithTasks({ notifications: false });
    await tasks.inspector.callTool('flaky_export');
    await tasks.autoPollUntil('failed');
    await expect(tasks.inspector.result).toContainText('Error -32603');
    await expect(tasks.inspector.result).toContainText('Export worker crashed: disk quota exceeded');
  });

  test('long_reindex is cancelled with "Cancel task"', async ({ page }) => {
    const tasks = new TaskPage(page);
    await tasks.openWithTasks({ notifications: false });
    await tasks.inspector.callTool('long_reindex');
    await tasks.button('Poll now').click();
    await expect(tasks.panel).toContainText(/Reindexed \d+ of 300 shards/);
    await tasks.button('Cancel task').click();
    await expect(tasks.panel).toContainText('cancelled');
    await expect(tasks.inspector.result).toContainText('The task was cancelled');
    await expect(tasks.inspector.timeline).toContainText('tasks/cancel');
  });

  test('book_venue asks by MRTR first, then becomes a task that uses the answer', async ({ page }) => {
    const tasks = new TaskPage(page);
    await tasks.openWithTasks({ notifications: false });
    await tasks.inspector.callTool('book_venue');
    const date = tasks.inspector.inputRequest('event_date');
    await date.getByLabel('Date').fill('2026-09-01');
    await date.getByRole('button', { name: 'Accept', exact: true }).click();
    await tasks.inspector.sendRetry();
    await expect(tasks.panel).toContainText('working');
    await tasks.autoPollUntil('completed');
    await expect(tasks.inspector.result).toContainText('Booked a venue in Lisbon for 2026-09-01.');
  });

  test('render_video reports progress in its status message while polled', async ({ page }) => {
    const tasks = new TaskPage(page);
    await tasks.openWithTasks({ notifications: false });
    // 20 batches (12 s): long enough to see the countdown between polls even on a busy machine
    await tasks.inspector.callTool('render_video', (page) =>
      page.getByRole('spinbutton', { name: 'Batches' }).fill('20'),
    );
    await tasks.button('Auto-poll').click();
    await expect(tasks.panel.getByRole('timer', { name: 'Next poll' })).toBeVisible();
    await expect(tasks.panel.getByTestId('task-status-message')).toContainText(/Rendered \d+ of 20 batches/);
    await expect(tasks.panel).toContainText('completed', { timeout: 30_000 });
    await expect(tasks.inspector.result).toContainText('Rendered 20 batches.');
    await expect(tasks.inspector.timeline).toContainText(/polls\)/);
  });

  test('status notifications move deploy_release on without a single poll', async ({ page }) => {
    const tasks = new TaskPage(page);
    await tasks.openWithTasks();
    await tasks.inspector.callTool('deploy_release');
    await expect(tasks.notifications).toContainText('listening on subscriptions/listen');

    // the question arrives by notification: no Poll now, no Auto-poll
    const approve = tasks.inspector.inputRequest('approve_deploy');
    await expect(approve).toContainText('Deploy v2.4.0 to production?');
    await expect(tasks.panel).toContainText('updated by notification');
    await approve.getByLabel('Deploy to production').check();
    await approve.getByRole('button', { name: 'Accept', exact: true }).click();
    await tasks.sendUpdate();

    await expect(tasks.inspector.result).toContainText('Deployed v2.4.0 to production.');
    await expect(tasks.panel).toContainText('completed');
    await expect(tasks.panel).toContainText('0 poll(s), 1 update(s)');
    await expect(tasks.notifications).toContainText('The server ended the notification stream');
    await expect(tasks.inspector.timeline).toContainText('subscriptions/listen');
  });
});
