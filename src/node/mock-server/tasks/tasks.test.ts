import {
  CreateTaskResultV2Schema,
  GetTaskResultV2Schema,
  UpdateTaskResultV2Schema,
} from '@modelcontextprotocol/ext-tasks/core/v2';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../clock.fixtures.ts';
import { accept, ALL_CAPABILITIES, decline, useMockServer, type RpcResponse } from '../mock-rpc.fixtures.ts';

// The task jobs run on this clock: a poll moves it on by the task's pollIntervalMs instead of waiting.
const clock = createManualClock();
const mock = useMockServer({ clock });
const TASKS = { ...ALL_CAPABILITIES, extensions: { 'io.modelcontextprotocol/tasks': {} } };
const optIn = { capabilities: TASKS };

const taskCall = (name: string, args: Record<string, unknown> = {}, retry: Record<string, unknown> = {}) =>
  mock.callTool(name, args, retry, optIn);
const taskRpc = (method: string, taskId: string, extra: Record<string, unknown> = {}, caps = TASKS) =>
  mock.rpc(method, { taskId, ...extra }, { capabilities: caps, headers: { 'Mcp-Name': taskId } });

async function pollUntil(taskId: string, done: (r: RpcResponse) => boolean): Promise<RpcResponse> {
  for (let i = 0; i < 100; i++) {
    const res = await taskRpc('tasks/get', taskId);
    if (done(res)) return res;
    await clock.advance(Number(res.body.result?.pollIntervalMs ?? 500));
  }
  throw new Error(`task ${taskId} never reached the wanted state in 100 polls`);
}
const status = (s: string) => (r: RpcResponse) => r.body.result?.status === s;

describe('tasks extension on the mock', () => {
  it('returns a flat CreateTaskResult without content when the request opts in', async () => {
    const res = await taskCall('deploy_release', { version: 'v9' });
    const result = res.body.result!;
    expect(CreateTaskResultV2Schema.safeParse(result).success).toBe(true);
    expect(result).not.toHaveProperty('content');
    expect(result).not.toHaveProperty('requestState');
    await taskRpc('tasks/cancel', result.taskId as string);
  });

  it('asks once mid-way, takes the answer by tasks/update and completes when deploy_release is approved', async () => {
    const taskId = (await taskCall('deploy_release', { version: 'v9' })).body.result!.taskId as string;
    const asking = await pollUntil(taskId, status('input_required'));
    expect(GetTaskResultV2Schema.safeParse(asking.body.result).success).toBe(true);
    expect(Object.keys(asking.body.result!.inputRequests!)).toEqual(['approve_deploy']);
    const ack = await taskRpc('tasks/update', taskId, {
      inputResponses: { approve_deploy: accept({ confirm: true }) },
    });
    expect(UpdateTaskResultV2Schema.safeParse(ack.body.result).success).toBe(true);
    const done = await pollUntil(taskId, status('completed'));
    expect(done.body.result!.result).toMatchObject({ content: [{ type: 'text', text: 'Deployed v9 to production.' }] });
  });

  it('asks two keys at different times and ignores an answered key sent again', async () => {
    const taskId = (await taskCall('migrate_database')).body.result!.taskId as string;
    await pollUntil(taskId, status('input_required'));
    await taskRpc('tasks/update', taskId, { inputResponses: { backup_window: accept({ window: 'tonight' }) } });
    const second = await pollUntil(
      taskId,
      (r) => r.body.result?.status === 'input_required' && 'confirm_cutover' in (r.body.result.inputRequests ?? {}),
    );
    expect(Object.keys(second.body.result!.inputRequests!)).toEqual(['confirm_cutover']);
    await taskRpc('tasks/update', taskId, {
      inputResponses: { backup_window: accept({ window: 'now' }), confirm_cutover: decline() },
    });
    const done = await pollUntil(taskId, status('completed'));
    expect(done.body.result!.result).toMatchObject({ isError: true });
  });

  it('fails flaky_export with the error inline and no result', async () => {
    const taskId = (await taskCall('flaky_export')).body.result!.taskId as string;
    const failed = await pollUntil(taskId, status('failed'));
    expect(failed.body.result!.error).toMatchObject({ code: -32603 });
    expect(failed.body.result).not.toHaveProperty('result');
  });

  it('cancels long_reindex and keeps the cancel idempotent', async () => {
    const taskId = (await taskCall('long_reindex')).body.result!.taskId as string;
    expect((await taskRpc('tasks/cancel', taskId)).body.result).toEqual(
      expect.objectContaining({ resultType: 'complete' }),
    );
    expect((await taskRpc('tasks/get', taskId)).body.result!.status).toBe('cancelled');
    expect((await taskRpc('tasks/cancel', taskId)).body.result!.resultType).toBe('complete');
  });

  it('asks by MRTR before book_venue creates its task, then books with the answer', async () => {
    const first = await taskCall('book_venue', { city: 'Porto' });
    expect(first.body.result!.resultType).toBe('input_required');
    const created = await taskCall(
      'book_venue',
      { city: 'Porto' },
      { inputResponses: { event_date: accept({ date: '2026-09-01' }) } },
    );
    expect(created.body.result!.resultType).toBe('task');
    const done = await pollUntil(created.body.result!.taskId as string, status('completed'));
    expect(done.body.result!.result).toMatchObject({ content: [{ text: 'Booked a venue in Porto for 2026-09-01.' }] });
  });

  it('answers -32021 to a required task tool and to tasks/get when the request did not opt in', async () => {
    const res = await mock.callTool('deploy_release', {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: {} } } });
    const get = await taskRpc('tasks/get', 'nope', {}, ALL_CAPABILITIES as typeof TASKS);
    expect(get.body.error?.code).toBe(-32021);
  });

  it('answers -32602 for an unknown taskId and -32020 when Mcp-Name disagrees', async () => {
    expect((await taskRpc('tasks/get', 'task-unknown')).body.error?.code).toBe(-32602);
    const res = await mock.rpc('tasks/get', { taskId: 'a' }, { capabilities: TASKS, headers: { 'Mcp-Name': 'b' } });
    expect(res.body.error?.code).toBe(-32020);
  });

  it('declares the tasks extension in server/discover', async () => {
    const res = await mock.rpc('server/discover');
    expect(res.body.result!.capabilities).toMatchObject({ extensions: { 'io.modelcontextprotocol/tasks': {} } });
  });
});
