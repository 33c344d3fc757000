import { describe, expect, it } from 'vitest';
import {
  acceptsTaskCalls,
  asksForTask,
  cancelsTasks,
  listsTasks,
  readCreateTaskResult,
  readLegacyTask,
  readTaskList,
  readTaskStatusNotification,
  relatedTaskId,
  taskSupportOf,
  withTaskAugmentation,
} from './legacy-wire.ts';

// the shapes the 2025-11-25 schema gives (Task, CreateTaskResult) as the everything server sends them
const TASK = {
  taskId: '021e378c',
  status: 'working',
  ttl: 300000,
  createdAt: '2025-11-25T10:30:00Z',
  lastUpdatedAt: '2025-11-25T10:30:01Z',
  pollInterval: 1000,
  statusMessage: 'Gathering sources...',
};

describe('2025-11-25 task wire shapes', () => {
  it('reads a Task: ttl and pollInterval become the snapshot ttlMs and pollIntervalMs', () => {
    expect(readLegacyTask(TASK)).toEqual({
      taskId: '021e378c',
      status: 'working',
      ttlMs: 300000,
      pollIntervalMs: 1000,
      createdAt: '2025-11-25T10:30:00Z',
      lastUpdatedAt: '2025-11-25T10:30:01Z',
      statusMessage: 'Gathering sources...',
    });
    expect(readLegacyTask({ ...TASK, ttl: null })).toMatchObject({ ttlMs: null });
  });

  it('a completed or failed Task needs no inline result (the result comes from tasks/result)', () => {
    expect(readLegacyTask({ ...TASK, status: 'completed' })).toMatchObject({ status: 'completed' });
    expect(readLegacyTask({ ...TASK, status: 'failed', statusMessage: 'rate limited' })).toMatchObject({
      status: 'failed',
      statusMessage: 'rate limited',
    });
  });

  it('says what is wrong with a malformed Task', () => {
    expect(readLegacyTask('x')).toBe('the task is not an object');
    expect(readLegacyTask({ ...TASK, taskId: 7 })).toBe('the task has no taskId (string)');
    expect(readLegacyTask({ ...TASK, status: 'done' })).toMatch(/^unknown task status "done"/);
    // a negative or non-numeric poll interval is ignored, not trusted
    expect(readLegacyTask({ ...TASK, pollInterval: -5 })).not.toHaveProperty('pollIntervalMs');
    expect(readLegacyTask({ ...TASK, ttl: 'soon' })).not.toHaveProperty('ttlMs');
  });

  it('reads a CreateTaskResult, and names the missing task', () => {
    expect(readCreateTaskResult({ task: TASK })).toMatchObject({ taskId: '021e378c', status: 'working' });
    expect(readCreateTaskResult({ content: [] })).toBe(
      'the call asked for a task but the result has no "task" (a CreateTaskResult)',
    );
    expect(readCreateTaskResult({ task: { status: 'working' } })).toBe(
      'CreateTaskResult: the task has no taskId (string)',
    );
  });

  it("reads a tool's execution.taskSupport (forbidden by default) and the server's tasks capability", () => {
    expect(taskSupportOf({ name: 't', execution: { taskSupport: 'required' } })).toBe('required');
    expect(taskSupportOf({ name: 't', execution: { taskSupport: 'optional' } })).toBe('optional');
    expect(taskSupportOf({ name: 't' })).toBe('forbidden');
    expect(taskSupportOf({ name: 't', execution: { taskSupport: 'always' } })).toBe('forbidden');
    expect(acceptsTaskCalls({ tasks: { requests: { tools: { call: {} } } } })).toBe(true);
    expect(acceptsTaskCalls({ tasks: { list: {}, cancel: {} } })).toBe(false);
    expect(acceptsTaskCalls(undefined)).toBe(false);
  });

  it('adds params.task to a call, and sees it', () => {
    const params = withTaskAugmentation({ name: 'simulate-research-query', arguments: { topic: 'python' } });
    expect(params).toEqual({
      name: 'simulate-research-query',
      arguments: { topic: 'python' },
      task: { ttl: 60000 },
    });
    expect(asksForTask(params)).toBe(true);
    expect(asksForTask({ name: 'x' })).toBe(false);
  });

  it('reads the related-task _meta of a pushed request', () => {
    const params = { message: 'Clarify', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 'abc' } } };
    expect(relatedTaskId(params)).toBe('abc');
    expect(relatedTaskId({ message: 'x' })).toBeUndefined();
  });

  it('reads the task a notifications/tasks/status carries, and nothing from other messages', () => {
    const params = { taskId: 'abc', status: 'input_required', statusMessage: 'Clarify', pollInterval: 500 };
    const note = { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { ...params, _meta: { x: 1 } } };
    expect(readTaskStatusNotification(note)).toEqual({
      taskId: 'abc',
      status: 'input_required',
      statusMessage: 'Clarify',
      pollIntervalMs: 500,
    });
    expect(readTaskStatusNotification({ ...note, params: { status: 'working' } })).toBe(
      'notifications/tasks/status: the task has no taskId (string)',
    );
    expect(readTaskStatusNotification({ jsonrpc: '2.0', method: 'notifications/progress', params })).toBeUndefined();
  });

  it('sees tasks/list offered only under capabilities.tasks.list', () => {
    expect(listsTasks({ tasks: { list: {}, cancel: {} } })).toBe(true);
    expect(listsTasks({ tasks: { cancel: {} } })).toBe(false);
    expect(listsTasks({ tasks: { list: true } })).toBe(false);
    expect(listsTasks(undefined)).toBe(false);
  });

  it('sees tasks/cancel offered only under capabilities.tasks.cancel', () => {
    expect(cancelsTasks({ tasks: { list: {}, cancel: {} } })).toBe(true);
    expect(cancelsTasks({ tasks: { list: {}, requests: { tools: { call: {} } } } })).toBe(false);
    expect(cancelsTasks({ tasks: { cancel: true } })).toBe(false);
    expect(cancelsTasks(undefined)).toBe(false);
  });

  it('reads the tasks a tasks/list returned, and says which entries do not read', () => {
    const list = readTaskList([
      { taskId: 'a', status: 'working', pollInterval: 500 },
      { status: 'working' },
      { taskId: 'b', status: 'completed', statusMessage: 'Done' },
    ]);
    expect(list.tasks.map((t) => [t.taskId, t.status])).toEqual([
      ['a', 'working'],
      ['b', 'completed'],
    ]);
    expect(list.problems).toEqual(['tasks[1]: the task has no taskId (string)']);
  });
});
