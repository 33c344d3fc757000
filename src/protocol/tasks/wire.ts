/**
 * The tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) as the inspector reads it: a `tools/call` may
 * answer a flat CreateTaskResult (`resultType: "task"`); `tasks/get` returns the task (DetailedTask: with
 * `inputRequests` when `input_required`, `result` when `completed`, `error` when `failed`); `tasks/update`
 * (`{taskId, inputResponses}`) and `tasks/cancel` answer an empty `{resultType: "complete"}` ack. Each of the three
 * methods sends `Mcp-Name: <taskId>`. Pure: no React, no fetch. Servers are untrusted: everything is narrowed here.
 */
import { readInputRequests } from '../input-requests.ts';
import { isJsonObject, type InputRequests, type JsonObject, type JsonRpcError } from '../types.ts';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
type TaskMethod = 'tasks/get' | 'tasks/update' | 'tasks/cancel';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
const STATUSES: readonly TaskStatus[] = ['working', 'input_required', 'completed', 'failed', 'cancelled'];
const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];

export function isTerminalStatus(status: TaskStatus): boolean {
  return TERMINAL_TASK_STATUSES.includes(status);
}

/**
 * The shortest wait between two polls of a task, in both eras, whatever interval the server asks for: a server that
 * sends 0 or 1 ms must not make the inspector hammer it.
 */
export const TASK_POLL_FLOOR_MS = 250;
/** The wait when the server names no interval. */
const DEFAULT_TASK_POLL_MS = 1000;

/** The wait before the next poll: the interval the server asked for (or `fallbackMs`), never under the floor. */
export function taskPollWait(
  askedMs: number | undefined,
  fallbackMs = DEFAULT_TASK_POLL_MS,
  floorMs = TASK_POLL_FLOOR_MS,
): number {
  return Math.max(askedMs ?? fallbackMs, floorMs);
}

/** One task as a leg saw it (the CreateTaskResult, or a tasks/get answer). */
export interface TaskSnapshot {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  /** null: the server keeps it indefinitely */
  ttlMs?: number | null;
  pollIntervalMs?: number;
  inputRequests?: InputRequests;
  result?: JsonObject;
  error?: JsonRpcError;
}

/**
 * What both eras' tasks share (taskId, status, statusMessage, createdAt, lastUpdatedAt), narrowed into a snapshot
 * for each era's reader to add its own fields to; with the object itself, or a string saying what is wrong.
 */
export function readTaskCommon(value: unknown): { task: TaskSnapshot; value: JsonObject } | string {
  if (!isJsonObject(value)) return 'the task is not an object';
  if (typeof value.taskId !== 'string' || value.taskId === '') return 'the task has no taskId (string)';
  if (typeof value.status !== 'string' || !STATUSES.includes(value.status as TaskStatus)) {
    return `unknown task status ${JSON.stringify(value.status)} (allowed: ${STATUSES.join(', ')})`;
  }
  const task: TaskSnapshot = { taskId: value.taskId, status: value.status as TaskStatus };
  if (typeof value.statusMessage === 'string') task.statusMessage = value.statusMessage;
  if (typeof value.createdAt === 'string') task.createdAt = value.createdAt;
  if (typeof value.lastUpdatedAt === 'string') task.lastUpdatedAt = value.lastUpdatedAt;
  return { task, value };
}

/** Narrow a task object (CreateTaskResult or DetailedTask); a string says what is wrong with it. */
export function readTask(raw: unknown): TaskSnapshot | string {
  const common = readTaskCommon(raw);
  if (typeof common === 'string') return common;
  const { task, value } = common;
  if (value.ttlMs === null || (typeof value.ttlMs === 'number' && Number.isFinite(value.ttlMs)))
    task.ttlMs = value.ttlMs;
  // 0 is kept as sent (the poll wait raises it to the floor)
  if (typeof value.pollIntervalMs === 'number' && Number.isFinite(value.pollIntervalMs) && value.pollIntervalMs >= 0) {
    task.pollIntervalMs = value.pollIntervalMs;
  }
  if (task.status === 'input_required') {
    const requests = readInputRequests(value.inputRequests ?? {});
    if (typeof requests === 'string') return requests;
    task.inputRequests = requests;
  }
  if (task.status === 'completed') {
    if (!isJsonObject(value.result)) return 'a completed task must carry its result inline';
    task.result = value.result;
  }
  if (task.status === 'failed') {
    const e = value.error;
    if (!isJsonObject(e) || typeof e.code !== 'number' || typeof e.message !== 'string') {
      return 'a failed task must carry its error inline ({code, message})';
    }
    task.error = { code: e.code, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) };
  }
  return task;
}

/** `_meta["io.modelcontextprotocol/clientCapabilities"].extensions[...]` declares the tasks extension? */
export function declaresTasks(capabilities: JsonObject | undefined): boolean {
  const ext = capabilities?.extensions;
  return isJsonObject(ext) && isJsonObject(ext[TASKS_EXTENSION]);
}

/** The params of a task method (what the composer sends). */
export function taskParams(method: TaskMethod, taskId: string, inputResponses?: JsonObject): JsonObject {
  return method === 'tasks/update' ? { taskId, inputResponses: inputResponses ?? {} } : { taskId };
}
