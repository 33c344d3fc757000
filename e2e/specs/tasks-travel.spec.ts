import { expect } from '@playwright/test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '../fixtures.ts';
import { InspectorPage } from '../pages/inspector-page.ts';
import { SessionPage } from '../pages/session-page.ts';
import { TaskPage } from '../pages/task-page.ts';

test.describe('task conversations travel', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a task with polls, an update and its notification stream survives export, HAR, re-import and reload', async ({
    page,
    browser,
  }) => {
    const dir = await mkdtemp(join(tmpdir(), 'mrtr-e2e-tasks-'));
    const tasks = new TaskPage(page);
    await tasks.openWithTasks();
    await tasks.inspector.callTool('deploy_release');
    await tasks.button('Poll now').click();
    const approve = tasks.inspector.inputRequest('approve_deploy');
    await approve.getByLabel('Deploy to production').check();
    await approve.getByRole('button', { name: 'Accept', exact: true }).click();
    await tasks.sendUpdate();
    await expect(tasks.inspector.result).toContainText('Deployed v2.4.0 to production.');
    await expect(tasks.notifications).toContainText('The server ended the notification stream');

    const session = new SessionPage(page);
    const har = await session.download('Export HAR');
    const entries = (JSON.parse(har.text) as { log: { entries: { request: { postData?: { text: string } } }[] } }).log
      .entries;
    const methods = entries.map((e) => (JSON.parse(e.request.postData?.text ?? '{}') as { method?: string }).method);
    expect(methods).toEqual(
      expect.arrayContaining(['tools/call', 'tasks/get', 'tasks/update', 'subscriptions/listen']),
    );

    const exported = await session.download('Export session');
    const fresh = await browser.newContext();
    const other = new InspectorPage(await fresh.newPage());
    await other.open();
    const otherSession = new SessionPage(other.page);
    await otherSession.importText(exported.name, exported.text, dir);
    await expect(otherSession.message).toContainText('Imported 1 conversation(s)');
    await expect(other.timeline).toContainText('tasks/update');
    await expect(other.timeline).toContainText('subscriptions/listen');
    await expect(other.result).toContainText('Deployed v2.4.0 to production.');
    const otherTask = other.page.getByRole('region', { name: 'Task' });
    await expect(otherTask).toContainText('completed');
    await expect(otherTask).toContainText('1 poll(s), 1 update(s)');

    // and it survives a reload of the page that imported it
    await otherSession.waitSaved(4);
    await other.page.reload();
    await expect(other.timeline).toContainText('subscriptions/listen');
    await expect(other.page.getByRole('region', { name: 'Task' })).toContainText('completed');
    await fresh.close();
  });
});
