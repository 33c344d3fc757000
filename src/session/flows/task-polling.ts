/**
 * Automatic polling of a task (tasks extension): poll, and while the task is `working` wait `pollIntervalMs`
 * (never less than the server asked; a floor when it named none) and poll again. Stops when the task needs the
 * user (`input_required`: the answers wait for them), reaches a terminal state, a poll fails, or `signal` aborts.
 * A plain async function: the sender (one tasks/get, returning the task it saw) and the clock are injected.
 */
import { isTerminalStatus, type TaskSnapshot } from '../../protocol/tasks/wire.ts';

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
}

export type TaskPollingEnd =
  | { kind: 'terminal'; task: TaskSnapshot; polls: number }
  | { kind: 'needs-input'; task: TaskSnapshot; polls: number }
  | { kind: 'failed'; reason: string; polls: number }
  | { kind: 'aborted'; polls: number }
  | { kind: 'poll-cap'; polls: number };

export async function pollTask(deps: TaskPollingDeps, intervalMs?: number): Promise<TaskPollingEnd> {
  let interval = intervalMs ?? deps.defaultIntervalMs ?? 1000;
  const max = deps.maxPolls ?? 600;
  let polls = 0;
  while (polls < max) {
    if (deps.signal.aborted) return { kind: 'aborted', polls };
    const task = await deps.poll();
    polls += 1;
    if (typeof task === 'string') return { kind: 'failed', reason: task, polls };
    if (isTerminalStatus(task.status)) return { kind: 'terminal', task, polls };
    if (task.status === 'input_required') return { kind: 'needs-input', task, polls };
    if (task.pollIntervalMs !== undefined) interval = task.pollIntervalMs;
    deps.onWait?.(deps.now() + interval);
    await deps.sleep(interval, deps.signal);
  }
  return { kind: 'poll-cap', polls };
}
