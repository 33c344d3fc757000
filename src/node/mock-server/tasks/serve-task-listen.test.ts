import { TaskStatusNotificationV2Schema } from '@modelcontextprotocol/ext-tasks/core/v2';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock.fixtures.ts';
import { accept, ALL_CAPABILITIES, parseSse, useMockServer } from '../mock-rpc.fixtures.ts';

// The task jobs run on this clock: the tests move it on once the listen stream is open, instead of waiting.
const clock = createManualClock();
const mock = useMockServer({ clock });
const TASKS = { ...ALL_CAPABILITIES, extensions: { 'io.modelcontextprotocol/tasks': {} } };
const SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';

const createTask = async (name: string, args: Record<string, unknown> = {}) =>
  (await mock.callTool(name, args, {}, { capabilities: TASKS })).body.result!.taskId as string;
const listen = (notifications: Record<string, unknown>, capabilities: Record<string, unknown> = TASKS, id = 900) =>
  mock.rpc('subscriptions/listen', { notifications }, { capabilities, id });
type Message = { method?: string; id?: unknown; params?: Record<string, unknown>; result?: Record<string, unknown> };

/** Opens a listen stream and resolves once its headers arrived (the server has subscribed by then). */
async function openListen(taskIds: string[], id: number) {
  const res = await mock.post('subscriptions/listen', { notifications: { taskIds } }, { capabilities: TASKS, id });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  return { events: async () => parseSse(await res.text()) as Message[] };
}

describe('task status notifications on subscriptions/listen', () => {
  it('acknowledges the task first, pushes each change as notifications/tasks and closes once the task failed', async () => {
    const taskId = await createTask('flaky_export');
    const stream = await openListen([taskId, 'task-unknown'], 901);
    await clock.advance(1200); // flaky_export fails after 1.2 s of work
    const events = await stream.events();
    expect(events[0]).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { taskIds: [taskId] }, _meta: { [SUBSCRIPTION]: 901 } },
    });
    const notes = events.filter((e) => e.method === 'notifications/tasks');
    for (const note of notes) {
      expect(TaskStatusNotificationV2Schema.safeParse(note).success).toBe(true);
      expect(note.params).toMatchObject({ taskId, _meta: { [SUBSCRIPTION]: 901 } });
    }
    expect(notes.at(-1)!.params).toMatchObject({ status: 'failed', error: { code: -32603 } });
    // the graceful end: the listen request's own response, last
    expect(events.at(-1)).toMatchObject({
      id: 901,
      result: { resultType: 'complete', _meta: { [SUBSCRIPTION]: 901 } },
    });
  });

  it('tells input_required with the inputRequests and the completion with the result inline', async () => {
    const taskId = await createTask('deploy_release', { version: 'v7' });
    const stream = await openListen([taskId], 902);
    await clock.advance(1200); // builds and tests for 1.2 s, then asks
    const get = await mock.rpc('tasks/get', { taskId }, { capabilities: TASKS, headers: { 'Mcp-Name': taskId } });
    expect(get.body.result?.status).toBe('input_required');
    await mock.rpc(
      'tasks/update',
      { taskId, inputResponses: { approve_deploy: accept({ confirm: true }) } },
      { capabilities: TASKS, headers: { 'Mcp-Name': taskId } },
    );
    await clock.advance(600); // deploys for 0.6 s
    const statuses = (await stream.events()).filter((e) => e.method === 'notifications/tasks').map((e) => e.params!);
    const asking = statuses.find((t) => t.status === 'input_required');
    expect(Object.keys(asking!.inputRequests as object)).toEqual(['approve_deploy']);
    expect(statuses.at(-1)).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'Deployed v7 to production.' }] },
    });
  });

  it('answers -32021 when the listen request asks for task notifications without declaring the extension', async () => {
    const res = await listen({ taskIds: ['task-x'] }, ALL_CAPABILITIES);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
    });
  });

  it('answers -32602 for taskIds that are not strings and -32020 when the Mcp-Method header disagrees', async () => {
    expect((await listen({ taskIds: 'task-x' })).body.error?.code).toBe(-32602);
    const res = await mock.rpc(
      'subscriptions/listen',
      { notifications: { taskIds: [] } },
      { capabilities: TASKS, headers: { 'Mcp-Method': 'tools/list' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(-32020);
  });

  it('acknowledges no task and ends at once when it knows none of the taskIds', async () => {
    const res = await listen({ taskIds: ['task-unknown'] }, TASKS, 903);
    expect((res.events as Message[]).map((e) => e.method ?? 'response')).toEqual([
      'notifications/subscriptions/acknowledged',
      'response',
    ]);
    expect(res.events[0]).toMatchObject({ params: { notifications: { taskIds: [] } } });
  });
});
