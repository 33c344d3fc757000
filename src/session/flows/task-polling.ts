/**
 * Automatic polling of a task (tasks extension): poll, and while the task is `working` wait `pollIntervalMs`
 * (the last interval the server asked for, the default when it named none; never under
 * TASK_POLL_FLOOR_MS, the floor both eras share) and poll again. Stops when the task needs the
 * user (`input_required` with a key not answered yet: the answers wait for them), reaches a terminal state, a poll
 * fails, or `signal` aborts. An `input_required` task that lists only keys already answered (or none) is polled on:
 * the `tasks/update` ack is eventually consistent, so the server may go on listing answered keys for a while (the
 * official ext-tasks client polls on too).
 * A plain async function: the sender (one tasks/get, returning the task it saw) and the clock are injected.
 */
import { isTerminalStatus, taskPollWait, type TaskSnapshot } from '../../protocol/tasks/wire.ts';

export interface TaskPollingDeps {
  /** sends one tasks/get; resolves with the task it returned, or a string saying why there is none */
  poll: () => Promise<TaskSnapshot | string>;
  /** waits `ms`; resolves early when `signal` aborts */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** told before each wait, so the UI can count down (`until` is a ms epoch from `now`) */
  onWait?: (until: number) => void;
  now: () => number;
  signal: AbortSignal;
  /** the interval when the server gave none (default 1000 ms) */
  defaultIntervalMs?: number;
  /** stop after this many polls (default 600) */
  maxPolls?: number;
  /** the keys the client already answered (acknowledged tasks/update); none when absent */
  answeredKeys?: () => readonly string[];
}

/** The task asks for a key the client has not answered yet. */
function asksForNewInput(task: TaskSnapshot, answered: readonly string[]): boolean {
  return Object.keys(task.inputRequests ?? {}).some((key) => !answered.includes(key));
}

export type TaskPollingEnd =
  | { kind: 'terminal'; task: TaskSnapshot; polls: number }
  | { kind: 'needs-input'; task: TaskSnapshot; polls: number }
  | { kind: 'failed'; reason: string; polls: number }
  | { kind: 'aborted'; polls: number }
  | { kind: 'poll-cap'; polls: number };

export async function pollTask(deps: TaskPollingDeps, intervalMs?: number): Promise<TaskPollingEnd> {
  let interval = intervalMs ?? deps.defaultIntervalMs;
  const max = deps.maxPolls ?? 600;
  let polls = 0;
  while (polls < max) {
    if (deps.signal.aborted) return { kind: 'aborted', polls };
    const task = await deps.poll();
    polls += 1;
    if (typeof task === 'string') return { kind: 'failed', reason: task, polls };
    if (isTerminalStatus(task.status)) return { kind: 'terminal', task, polls };
    if (task.status === 'input_required' && asksForNewInput(task, deps.answeredKeys?.() ?? [])) {
      return { kind: 'needs-input', task, polls };
    }
    if (task.pollIntervalMs !== undefined) interval = task.pollIntervalMs;
    const wait = taskPollWait(interval);
    deps.onWait?.(deps.now() + wait);
    await deps.sleep(wait, deps.signal);
  }
  return { kind: 'poll-cap', polls };
}
