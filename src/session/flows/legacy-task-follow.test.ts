import { describe, expect, it } from 'vitest';
import type { TaskSnapshot } from '../../protocol/tasks/wire.ts';
import { followLegacyTask, type LegacyResultState, type LegacyTaskFollowDeps } from './legacy-task-follow.ts';

const snap = (status: TaskSnapshot['status'], pollIntervalMs?: number): TaskSnapshot => ({
  taskId: 't',
  status,
  ...(pollIntervalMs !== undefined ? { pollIntervalMs } : {}),
});

/** A scripted server: each poll answers the next snapshot; opening tasks/result is recorded with the poll count. */
function harness(answers: (TaskSnapshot | string)[], result: LegacyResultState = 'none') {
  let now = 1000;
  let polls = 0;
  const waits: number[] = [];
  const opened: number[] = [];
  const countdowns: number[] = [];
  const state = { result };
  const controller = new AbortController();
  const deps: LegacyTaskFollowDeps = {
    poll: async () => {
      polls += 1;
      return answers.shift() ?? 'no more answers';
    },
    openResult: () => {
      opened.push(polls);
      state.result = 'open';
    },
    resultState: () => state.result,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
    onWait: (until) => countdowns.push(until),
    now: () => now,
    signal: controller.signal,
  };
  return { deps, waits, opened, countdowns, state, controller };
}

describe('followLegacyTask', () => {
  it("polls at the server's pollInterval, never under the floor, and opens tasks/result for the result", async () => {
    const h = harness([snap('working', 1000), snap('working', 0), snap('working'), snap('completed', 1000)]);
    const end = await followLegacyTask(h.deps);
    expect(end).toMatchObject({ kind: 'terminal', polls: 4, task: { status: 'completed' } });
    // 1000 as asked; 0 is raised to the 250 ms floor; none given: the 1 s default
    expect(h.waits).toEqual([1000, 250, 1000]);
    expect(h.countdowns).toEqual([2000, 2250, 3250]);
    expect(h.opened).toEqual([4]);
  });

  it('opens tasks/result once at input_required and keeps polling while it is open', async () => {
    const h = harness([
      snap('working', 500),
      snap('input_required', 500),
      snap('input_required', 500),
      snap('working', 500),
      snap('completed', 500),
    ]);
    const end = await followLegacyTask(h.deps);
    expect(end).toMatchObject({ kind: 'terminal', polls: 5 });
    // opened at the first input_required poll; the open stream brings the result, so it is not opened again
    expect(h.opened).toEqual([2]);
    expect(h.waits).toEqual([500, 500, 500, 500]);
  });

  it('does not ask for the result again once it is in, nor for a cancelled task', async () => {
    const done = harness([snap('completed')], 'done');
    await followLegacyTask(done.deps);
    expect(done.opened).toEqual([]);
    const cancelled = harness([snap('working', 300), snap('cancelled')]);
    expect(await followLegacyTask(cancelled.deps)).toMatchObject({ kind: 'terminal', task: { status: 'cancelled' } });
    expect(cancelled.opened).toEqual([]);
  });

  it('asks a failed task for its result (the error the call would have answered)', async () => {
    const h = harness([snap('failed')]);
    await followLegacyTask(h.deps);
    expect(h.opened).toEqual([1]);
  });

  it('reopens tasks/result when the last one broke off while the task still needs input', async () => {
    const h = harness([snap('input_required', 300), snap('input_required', 300), snap('completed')]);
    const poll = h.deps.poll;
    let n = 0;
    h.deps.poll = async () => {
      n += 1;
      if (n === 2) h.state.result = 'none'; // the stream dropped between the first and the second poll
      return poll();
    };
    await followLegacyTask(h.deps);
    expect(h.opened).toEqual([1, 2]);
  });

  it('stops on a failed poll, on abort and at the poll cap', async () => {
    expect(await followLegacyTask(harness(['-32602 Task not found']).deps)).toEqual({
      kind: 'failed',
      reason: '-32602 Task not found',
      polls: 1,
    });
    const aborted = harness([snap('working'), snap('working')]);
    aborted.deps.sleep = async () => aborted.controller.abort();
    expect(await followLegacyTask(aborted.deps)).toEqual({ kind: 'aborted', polls: 1 });
    const capped = harness([snap('working'), snap('working'), snap('working')]);
    expect(await followLegacyTask({ ...capped.deps, maxPolls: 2 })).toEqual({ kind: 'poll-cap', polls: 2 });
  });
});
