/**
 * The mock's task store for the tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663). The SDK has no server
 * runtime for tasks and builds one `McpServer` per request, so tasks live here, one store per endpoint, shared by
 * every pooled instance: `tools/call` creates a task and returns at once; `tasks/get`, `tasks/update` and
 * `tasks/cancel` (any later request, any instance) read and steer it.
 *
 * A task runs a job: a plain async function that works (`sleep`), reports (`progress`), asks the client
 * (`ask`: parks the task in `input_required` until every key is answered) and returns a tool result. A thrown
 * `ProtocolError` fails the task with that error inline; `tasks/cancel` aborts it.
 */
import { ProtocolError, type CallToolResult, type InputRequests } from '@modelcontextprotocol/server';
import { InputResponseV2Schema } from '@modelcontextprotocol/ext-tasks/core/v2';
import { realClock, type Clock } from '../../clock.ts';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
export const TERMINAL_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];

type Json = Record<string, unknown>;

export interface JobHandle {
  /** Waits `ms` on the store's clock (aborted by cancel: then it rejects and the job stops). */
  sleep(ms: number): Promise<void>;
  /** Sets the task's `statusMessage` (seen on the next `tasks/get`). */
  progress(message: string): void;
  /** Parks the task in `input_required` with these requests; resolves once every key has a valid answer. */
  ask(requests: InputRequests, message?: string): Promise<Record<string, Json>>;
  signal: AbortSignal;
}

export type Job = (job: JobHandle) => Promise<CallToolResult>;

interface TaskRecord {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: number;
  lastUpdatedAt: number;
  ttlMs: number;
  pollIntervalMs: number;
  /** keys asked and not yet answered */
  pending: InputRequests;
  /** every key ever asked (keys are unique for the task's lifetime) */
  askedKeys: Set<string>;
  answers: Record<string, Json>;
  waiter?: () => void;
  result?: CallToolResult;
  error?: { code: number; message: string; data?: unknown };
  abort: AbortController;
}

export interface TaskStoreOptions {
  ttlMs?: number;
  pollIntervalMs?: number;
  /** timestamps, TTL sweeps and job sleeps; default the real clock */
  clock?: Clock;
  /** called on every status change (for status notifications) */
  onChange?: (task: Json) => void;
}

export interface TaskStore {
  create(job: Job, opts?: { statusMessage?: string }): Json;
  /** The DetailedTask view (result or error inline when terminal), or undefined when unknown or expired. */
  get(taskId: string): Json | undefined;
  /** Delivers answers; unknown, already-answered and invalid entries are ignored. False when the task is unknown. */
  update(taskId: string, responses: Record<string, unknown>): boolean;
  /** False when the task is unknown; a terminal task is left as it is. */
  cancel(taskId: string): boolean;
  size(): number;
  /** Calls `listener` with the DetailedTask on every change of any task; returns the unsubscribe function. */
  subscribe(listener: (task: Json) => void): () => void;
  /** The store's clock (jobs run inline, without a task, sleep on it too). */
  readonly clock: Clock;
}

class Cancelled extends Error {}

const iso = (ms: number) => new Date(ms).toISOString();

export function createTaskStore(opts: TaskStoreOptions = {}): TaskStore {
  const clock = opts.clock ?? realClock;
  const now = () => clock.now();
  const ttlMs = opts.ttlMs ?? 10 * 60_000;
  const pollIntervalMs = opts.pollIntervalMs ?? 500;
  const tasks = new Map<string, TaskRecord>();
  const listeners = new Set<(task: Json) => void>();
  const emit = (task: TaskRecord) => {
    const view = detailed(task);
    opts.onChange?.(view);
    for (const listener of [...listeners]) listener(view);
  };

  const sweep = () => {
    const t = now();
    for (const [id, task] of tasks) {
      if (t > task.createdAt + task.ttlMs) {
        task.abort.abort();
        tasks.delete(id);
      }
    }
  };

  const base = (task: TaskRecord): Json => {
    const out: Json = {
      taskId: task.taskId,
      status: task.status,
      createdAt: iso(task.createdAt),
      lastUpdatedAt: iso(task.lastUpdatedAt),
      ttlMs: task.ttlMs,
      pollIntervalMs: task.pollIntervalMs,
    };
    if (task.statusMessage !== undefined) out.statusMessage = task.statusMessage;
    return out;
  };

  const detailed = (task: TaskRecord): Json => {
    const out = base(task);
    if (task.status === 'input_required') out.inputRequests = { ...task.pending };
    if (task.status === 'completed' && task.result) out.result = { ...task.result, resultType: 'complete' };
    if (task.status === 'failed' && task.error) out.error = task.error;
    return out;
  };

  const setStatus = (task: TaskRecord, status: TaskStatus, message?: string) => {
    if (TERMINAL_STATUSES.includes(task.status)) return;
    task.status = status;
    if (message !== undefined) task.statusMessage = message;
    task.lastUpdatedAt = now();
    emit(task);
  };

  const run = async (task: TaskRecord, job: Job) => {
    const signal = task.abort.signal;
    const handle: JobHandle = {
      signal,
      sleep: (ms) => clock.sleep(ms, signal).catch(() => Promise.reject(new Cancelled())),
      progress: (message) => {
        if (signal.aborted) throw new Cancelled();
        task.statusMessage = message;
        task.lastUpdatedAt = now();
        emit(task);
      },
      ask: (requests, message) =>
        new Promise<Record<string, Json>>((resolve, reject) => {
          if (signal.aborted) return reject(new Cancelled());
          const keys = Object.keys(requests);
          for (const key of keys) {
            if (task.askedKeys.has(key)) throw new Error(`task key ${key} asked twice (keys are unique per task)`);
            task.askedKeys.add(key);
          }
          task.pending = { ...requests };
          task.waiter = () => {
            if (Object.keys(task.pending).length > 0) return;
            task.waiter = undefined;
            const answers: Record<string, Json> = {};
            for (const key of keys) answers[key] = task.answers[key]!;
            setStatus(task, 'working', 'Resuming with your answers');
            resolve(answers);
          };
          signal.addEventListener('abort', () => reject(new Cancelled()), { once: true });
          setStatus(task, 'input_required', message ?? 'Waiting for your answer');
        }),
    };
    try {
      const result = await job(handle);
      if (signal.aborted) return;
      task.result = result;
      setStatus(task, 'completed', result.isError ? 'Finished with a tool error' : 'Done');
    } catch (err) {
      if (err instanceof Cancelled || signal.aborted) return;
      task.error =
        err instanceof ProtocolError
          ? { code: err.code, message: err.message, ...(err.data === undefined ? {} : { data: err.data }) }
          : { code: -32603, message: err instanceof Error ? err.message : String(err) };
      setStatus(task, 'failed', 'Failed');
    }
  };

  return {
    create(job, createOpts) {
      sweep();
      const t = now();
      const task: TaskRecord = {
        taskId: `task-${crypto.randomUUID()}`,
        status: 'working',
        statusMessage: createOpts?.statusMessage ?? 'Started',
        createdAt: t,
        lastUpdatedAt: t,
        ttlMs,
        pollIntervalMs,
        pending: {},
        askedKeys: new Set(),
        answers: {},
        abort: new AbortController(),
      };
      tasks.set(task.taskId, task); // durable before the CreateTaskResult goes out
      void run(task, job);
      return base(task);
    },
    get(taskId) {
      sweep();
      const task = tasks.get(taskId);
      return task ? detailed(task) : undefined;
    },
    update(taskId, responses) {
      sweep();
      const task = tasks.get(taskId);
      if (!task) return false;
      let changed = false;
      for (const [key, response] of Object.entries(responses)) {
        if (!(key in task.pending)) continue; // unknown or already answered: ignored
        if (!InputResponseV2Schema.safeParse(response).success) continue; // not a valid answer: still asked
        task.answers[key] = response as Json;
        delete task.pending[key];
        changed = true;
      }
      if (changed) {
        task.lastUpdatedAt = now();
        task.waiter?.();
      }
      return true;
    },
    cancel(taskId) {
      sweep();
      const task = tasks.get(taskId);
      if (!task) return false;
      if (TERMINAL_STATUSES.includes(task.status)) return true;
      task.pending = {};
      setStatus(task, 'cancelled', 'Cancelled by the client');
      task.abort.abort();
      return true;
    },
    size: () => tasks.size,
    clock,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
