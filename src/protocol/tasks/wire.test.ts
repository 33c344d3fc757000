import { describe, expect, it } from 'vitest';
import { declaresTasks, readTask, readTaskCommon, taskParams, taskPollWait } from './wire.ts';

const base = { taskId: 't1', createdAt: '2026-07-28T00:00:00Z', lastUpdatedAt: '2026-07-28T00:00:00Z', ttlMs: 60000 };

describe('readTask', () => {
  it('reads a working task with its poll interval when the server sends one', () => {
    expect(readTask({ ...base, status: 'working', pollIntervalMs: 500 })).toMatchObject({
      taskId: 't1',
      status: 'working',
      pollIntervalMs: 500,
      ttlMs: 60000,
    });
  });

  it('keeps the inputRequests of an input_required task', () => {
    const task = readTask({
      ...base,
      status: 'input_required',
      inputRequests: { ok: { method: 'elicitation/create', params: { message: 'Sure?' } } },
    });
    expect(typeof task !== 'string' && task.inputRequests).toEqual({
      ok: { method: 'elicitation/create', params: { message: 'Sure?' } },
    });
  });

  it('keeps a server key named __proto__ as an own key of inputRequests', () => {
    const value = JSON.parse(
      '{"taskId":"t1","status":"input_required","inputRequests":{"__proto__":{"method":"elicitation/create","params":{"message":"m"}}}}',
    ) as unknown;
    const task = readTask(value);
    const requests = typeof task === 'string' ? {} : (task.inputRequests ?? {});
    expect(Object.keys(requests)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(requests)).toBe(Object.prototype);
  });

  it('refuses a completed task without an inline result', () => {
    expect(readTask({ ...base, status: 'completed' })).toMatch(/result inline/);
  });

  it('refuses a failed task without {code, message}', () => {
    expect(readTask({ ...base, status: 'failed', error: { message: 'x' } })).toMatch(/error inline/);
  });

  it('names an unknown status', () => {
    expect(readTask({ ...base, status: 'paused' })).toMatch(/unknown task status "paused"/);
  });
});

describe('helpers', () => {
  it('sees the tasks extension only under extensions', () => {
    expect(declaresTasks({ extensions: { 'io.modelcontextprotocol/tasks': {} } })).toBe(true);
    expect(declaresTasks({ tasks: {} })).toBe(false);
  });

  it('puts inputResponses only on tasks/update', () => {
    expect(taskParams('tasks/get', 't')).toEqual({ taskId: 't' });
    expect(taskParams('tasks/update', 't', { a: { action: 'accept' } })).toEqual({
      taskId: 't',
      inputResponses: { a: { action: 'accept' } },
    });
  });
});

describe('taskPollWait', () => {
  it("waits the server's interval, never under the floor both eras share; the default when none is named", () => {
    expect(taskPollWait(1000)).toBe(1000);
    expect(taskPollWait(0)).toBe(250);
    expect(taskPollWait(1)).toBe(250);
    expect(taskPollWait(undefined)).toBe(1000);
    expect(taskPollWait(undefined, 800)).toBe(800);
  });

  it('keeps a pollIntervalMs of 0 as the server sent it (the wait raises it to the floor)', () => {
    expect(readTask({ ...base, status: 'working', pollIntervalMs: 0 })).toMatchObject({ pollIntervalMs: 0 });
  });
});

describe('readTaskCommon', () => {
  it('reads what both eras share and leaves each era its own fields', () => {
    const value = { ...base, status: 'working', statusMessage: 'Busy', ttl: 5, pollInterval: 7, pollIntervalMs: 9 };
    expect(readTaskCommon(value)).toEqual({
      task: {
        taskId: 't1',
        status: 'working',
        statusMessage: 'Busy',
        createdAt: base.createdAt,
        lastUpdatedAt: base.lastUpdatedAt,
      },
      value,
    });
  });

  it('says what is wrong with a task that is not one', () => {
    expect(readTaskCommon([])).toBe('the task is not an object');
    expect(readTaskCommon({ taskId: '' })).toBe('the task has no taskId (string)');
    expect(readTaskCommon({ taskId: 't', status: 'paused' })).toMatch(/^unknown task status "paused"/);
  });
});
