import { describe, expect, it } from 'vitest';
import { TASK_POLL_FLOOR_MS, type TaskSnapshot } from '../../protocol/tasks/wire.ts';
import { pollTask, type TaskPollingDeps } from './task-polling.ts';

function harness(answers: (TaskSnapshot | string)[]) {
  let now = 1000;
  const waits: number[] = [];
  const controller = new AbortController();
  const deps: TaskPollingDeps = {
    poll: async () => answers.shift() ?? 'no more answers',
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
    now: () => now,
    signal: controller.signal,
  };
  return { deps, waits, controller };
}

const working = (pollIntervalMs?: number): TaskSnapshot => ({
  taskId: 't',
  status: 'working',
  ...(pollIntervalMs ? { pollIntervalMs } : {}),
});

const inputRequired = (key: string, pollIntervalMs?: number, also?: string): TaskSnapshot => ({
  taskId: 't',
  status: 'input_required',
  inputRequests: Object.fromEntries(
    [key, ...(also ? [also] : [])].map((k) => [k, { method: 'elicitation/create', params: { message: k } }]),
  ),
  ...(pollIntervalMs ? { pollIntervalMs } : {}),
});

describe('pollTask', () => {
  it('waits the pollIntervalMs the server asked for between polls, then stops at a terminal state', async () => {
    const { deps, waits } = harness([working(700), working(900), { taskId: 't', status: 'completed', result: {} }]);
    const end = await pollTask(deps, 500);
    expect(end).toMatchObject({ kind: 'terminal', polls: 3 });
    expect(waits).toEqual([700, 900]);
  });

  it('never polls faster than the floor, whatever pollIntervalMs the server asks for', async () => {
    const { deps, waits } = harness([
      working(1),
      { taskId: 't', status: 'working', pollIntervalMs: 0 },
      working(),
      { taskId: 't', status: 'completed', result: {} },
    ]);
    await pollTask(deps);
    // 1 ms and 0 ms are raised to the floor, and a poll that names none keeps the last interval asked, floored
    expect(waits).toEqual([TASK_POLL_FLOOR_MS, TASK_POLL_FLOOR_MS, TASK_POLL_FLOOR_MS]);
    expect(TASK_POLL_FLOOR_MS).toBe(250);
  });

  it('pauses when the task needs the user', async () => {
    const { deps, waits } = harness([working(), inputRequired('region')]);
    expect(await pollTask(deps, 250)).toMatchObject({ kind: 'needs-input', polls: 2 });
    expect(waits).toEqual([250]);
  });

  it('keeps polling while the task still lists only keys already answered (the update is not seen yet)', async () => {
    const { deps, waits } = harness([
      inputRequired('region', 300),
      inputRequired('region', 300),
      { taskId: 't', status: 'completed', result: {} },
    ]);
    const end = await pollTask({ ...deps, answeredKeys: () => ['region'] });
    expect(end).toMatchObject({ kind: 'terminal', polls: 3 });
    expect(waits).toEqual([300, 300]);
  });

  it('pauses again when a key not answered yet appears beside the answered ones', async () => {
    const { deps } = harness([inputRequired('region'), inputRequired('region', undefined, 'size')]);
    const end = await pollTask({ ...deps, answeredKeys: () => ['region'] });
    expect(end).toMatchObject({ kind: 'needs-input', polls: 2 });
  });

  it('keeps polling a task input_required with nothing to answer', async () => {
    const { deps } = harness([{ taskId: 't', status: 'input_required', inputRequests: {} }, working(), working()]);
    expect(await pollTask({ ...deps, maxPolls: 3 })).toEqual({ kind: 'poll-cap', polls: 3 });
  });

  it('stops with the reason when a poll fails', async () => {
    const { deps } = harness(['HTTP 400: -32602 Unknown taskId']);
    expect(await pollTask(deps)).toEqual({ kind: 'failed', reason: 'HTTP 400: -32602 Unknown taskId', polls: 1 });
  });

  it('tells the UI when each wait ends so it can count down', async () => {
    const { deps } = harness([working(400), { taskId: 't', status: 'cancelled' }]);
    const untils: number[] = [];
    await pollTask({ ...deps, onWait: (until) => untils.push(until) });
    expect(untils).toEqual([1400]);
  });

  it('sends nothing once aborted', async () => {
    const { deps, controller } = harness([working()]);
    controller.abort();
    expect(await pollTask(deps)).toEqual({ kind: 'aborted', polls: 0 });
  });

  it('stops at the poll cap when the task never ends', async () => {
    const { deps } = harness([working(), working(), working()]);
    expect(await pollTask({ ...deps, maxPolls: 2 })).toEqual({ kind: 'poll-cap', polls: 2 });
  });
});
