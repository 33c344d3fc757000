/**
 * Following a 2025-11-25 task (`basic/utilities/tasks` of that revision) until it is over: poll `tasks/get`, waiting
 * the server's `pollInterval` between polls (never under a floor). When the task is `input_required`, open
 * `tasks/result` (the spec's SHOULD): the requests the task needs come on its stream and are answered by the user
 * from the composer, and its response is the call's result. Polling goes on meanwhile (the spec allows it), so the
 * status messages stay current. When the task ends `completed` or `failed` and no tasks/result has it yet, open one
 * for the result; a cancelled task has none. Stops at a terminal status, a failed poll, the poll cap, or `signal`.
 * A plain async function: the sender, the result stream and the clock are injected.
 */
import { isTerminalStatus, TASK_POLL_FLOOR_MS, taskPollWait, type TaskSnapshot } from '../../protocol/tasks/wire.ts';

/** Where the task's result stands: no tasks/result yet (or the last one broke off), one open, or the result is in. */
export type LegacyResultState = 'none' | 'open' | 'done';

export interface LegacyTaskFollowDeps {
  /** sends one tasks/get; resolves with the task it returned, or a string saying why there is none */
  poll: () => Promise<TaskSnapshot | string>;
  /** opens tasks/result and returns at once (its stream is read, and its legs recorded, by the caller) */
  openResult: () => void;
  resultState: () => LegacyResultState;
  /** waits `ms`; resolves early when `signal` aborts */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** told before each wait, so the UI can count down (`until` is a ms epoch from `now`) */
  onWait?: (until: number) => void;
  now: () => number;
  signal: AbortSignal;
  /** the interval when the server gave none (default 1000 ms) */
  defaultIntervalMs?: number;
  /** the shortest wait between polls (default TASK_POLL_FLOOR_MS, the same for both eras) */
  floorMs?: number;
  /** stop after this many polls (default 600) */
  maxPolls?: number;
}

export type LegacyTaskFollowEnd =
  | { kind: 'terminal'; task: TaskSnapshot; polls: number }
  | { kind: 'failed'; reason: string; polls: number }
  | { kind: 'aborted'; polls: number }
  | { kind: 'poll-cap'; polls: number };

export async function followLegacyTask(deps: LegacyTaskFollowDeps): Promise<LegacyTaskFollowEnd> {
  const max = deps.maxPolls ?? 600;
  const floor = deps.floorMs ?? TASK_POLL_FLOOR_MS;
  let polls = 0;
  while (polls < max) {
    if (deps.signal.aborted) return { kind: 'aborted', polls };
    const task = await deps.poll();
    polls += 1;
    if (deps.signal.aborted) return { kind: 'aborted', polls };
    if (typeof task === 'string') return { kind: 'failed', reason: task, polls };
    if (isTerminalStatus(task.status)) {
      if (task.status !== 'cancelled' && deps.resultState() === 'none') deps.openResult();
      return { kind: 'terminal', task, polls };
    }
    if (task.status === 'input_required' && deps.resultState() === 'none') deps.openResult();
    const wait = taskPollWait(task.pollIntervalMs, deps.defaultIntervalMs, floor);
    deps.onWait?.(deps.now() + wait);
    await deps.sleep(wait, deps.signal);
  }
  return { kind: 'poll-cap', polls };
}
