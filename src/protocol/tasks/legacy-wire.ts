/**
 * Tasks as the 2025-11-25 revision defines them (`basic/utilities/tasks`, experimental there): a `tools/call` asks
 * for task augmentation with `params.task` (`{ ttl? }`) and is answered with a CreateTaskResult (`{ task: Task }`);
 * `tasks/get` and `tasks/cancel` answer the Task itself (`Result & Task`: `ttl`, `pollInterval`, no inline result);
 * `tasks/result` blocks until the task is over and answers exactly what the call would have (requests the server
 * needs answered meanwhile arrive on its stream, marked with `_meta["io.modelcontextprotocol/related-task"]`).
 * A tool says whether it runs as a task with `execution.taskSupport`; a server says it accepts task-augmented calls
 * with `capabilities.tasks.requests.tools.call`. Pure: no React, no fetch. Servers are untrusted: everything is
 * narrowed here and read into the same TaskSnapshot the 2026-07-28 tasks extension uses.
 */
import { isJsonObject, type JsonObject } from '../types.ts';
import { readTaskCommon, type TaskSnapshot } from './wire.ts';

const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';

/** What the call asks for (`params.task`): how long the server should keep the task, in ms. */
const DEFAULT_TASK_TTL_MS = 60_000;

export type TaskSupport = 'required' | 'optional' | 'forbidden';

/** A tool's `execution.taskSupport`; absent or unknown reads as "forbidden" (the spec's default). */
export function taskSupportOf(tool: unknown): TaskSupport {
  const execution = isJsonObject(tool) ? tool.execution : undefined;
  const value = isJsonObject(execution) ? execution.taskSupport : undefined;
  return value === 'required' || value === 'optional' ? value : 'forbidden';
}

/** The server's capabilities accept task-augmented `tools/call` (`tasks.requests.tools.call`). */
export function acceptsTaskCalls(capabilities: JsonObject | undefined): boolean {
  const tasks = capabilities?.tasks;
  const requests = isJsonObject(tasks) ? tasks.requests : undefined;
  const tools = isJsonObject(requests) ? requests.tools : undefined;
  return isJsonObject(tools) && isJsonObject(tools.call);
}

/** The server's capabilities offer `tasks/list` (`tasks.list`). */
export function listsTasks(capabilities: JsonObject | undefined): boolean {
  const tasks = capabilities?.tasks;
  return isJsonObject(tasks) && isJsonObject(tasks.list);
}

/** The server's capabilities offer `tasks/cancel` (`tasks.cancel`). */
export function cancelsTasks(capabilities: JsonObject | undefined): boolean {
  const tasks = capabilities?.tasks;
  return isJsonObject(tasks) && isJsonObject(tasks.cancel);
}

/** What a `tasks/list` answered (all its pages): the tasks that read, and why each of the others does not. */
export interface TaskList {
  tasks: TaskSnapshot[];
  problems: string[];
}

/** Narrow the `tasks` of a tasks/list result (the entries of every page, in order). */
export function readTaskList(entries: readonly unknown[]): TaskList {
  const out: TaskList = { tasks: [], problems: [] };
  entries.forEach((entry, i) => {
    const task = readLegacyTask(entry);
    if (typeof task === 'string') out.problems.push(`tasks[${i}]: ${task}`);
    else out.tasks.push(task);
  });
  return out;
}

/** The call's params with the task augmentation added (`params.task = { ttl }`). */
export function withTaskAugmentation(params: JsonObject, ttlMs = DEFAULT_TASK_TTL_MS): JsonObject {
  return { ...params, task: { ttl: ttlMs } };
}

/** The call asked for task augmentation (`params.task` is an object). */
export function asksForTask(params: Record<string, unknown> | undefined): boolean {
  return isJsonObject(params?.task);
}

/** Narrow a 2025-11-25 Task (a tasks/get or tasks/cancel result, or a CreateTaskResult's `task`). */
export function readLegacyTask(raw: unknown): TaskSnapshot | string {
  const common = readTaskCommon(raw);
  if (typeof common === 'string') return common;
  const { task, value } = common;
  if (value.ttl === null || (typeof value.ttl === 'number' && Number.isFinite(value.ttl))) task.ttlMs = value.ttl;
  if (typeof value.pollInterval === 'number' && Number.isFinite(value.pollInterval) && value.pollInterval >= 0) {
    task.pollIntervalMs = value.pollInterval;
  }
  return task;
}

/** The task of a CreateTaskResult (`{ task: Task }`), or why the result is not one. */
export function readCreateTaskResult(result: JsonObject): TaskSnapshot | string {
  if (!('task' in result)) return 'the call asked for a task but the result has no "task" (a CreateTaskResult)';
  const task = readLegacyTask(result.task);
  return typeof task === 'string' ? `CreateTaskResult: ${task}` : task;
}

/**
 * A `notifications/tasks/status` message (the server may send one whenever a task's status changes; its params are
 * the Task): the task it carries, a string saying why it does not read, or undefined for any other message.
 */
export function readTaskStatusNotification(message: unknown): TaskSnapshot | string | undefined {
  if (!isJsonObject(message) || message.method !== 'notifications/tasks/status') return undefined;
  const params = isJsonObject(message.params) ? message.params : {};
  const { _meta: _m, ...task } = params;
  const read = readLegacyTask(task);
  return typeof read === 'string' ? `notifications/tasks/status: ${read}` : read;
}

/** The task id `_meta["io.modelcontextprotocol/related-task"]` names on a message's params or result, if any. */
export function relatedTaskId(paramsOrResult: unknown): string | undefined {
  const meta = isJsonObject(paramsOrResult) ? paramsOrResult._meta : undefined;
  const related = isJsonObject(meta) ? meta[RELATED_TASK_META] : undefined;
  return isJsonObject(related) && typeof related.taskId === 'string' ? related.taskId : undefined;
}

/**
 * The result answering a request the server pushed about a task, marked as related to that task too: "All requests,
 * notifications, and responses related to a task MUST include the io.modelcontextprotocol/related-task key in their
 * _meta" (2025-11-25 basic/utilities/tasks). The task is the one the pushed request's params name; a result that
 * already names one keeps it, and a request about no task leaves the result as it is.
 */
export function withRelatedTask<T extends Record<string, unknown>>(result: T, requestParams: unknown): T {
  const taskId = relatedTaskId(requestParams);
  if (taskId === undefined) return result;
  const meta = isJsonObject(result._meta) ? result._meta : {};
  if (RELATED_TASK_META in meta) return result;
  return { ...result, _meta: { ...meta, [RELATED_TASK_META]: { taskId } } };
}

/**
 * The task a message of a task-augmented call's stream names, if any: a CreateTaskResult's `task.taskId`, a
 * `notifications/tasks/status` (its params are the Task), or the related-task any other message carries.
 */
export function taskIdIn(message: unknown): string | undefined {
  if (!isJsonObject(message)) return undefined;
  const result = isJsonObject(message.result) ? message.result : undefined;
  const task = isJsonObject(result?.task) ? result.task : undefined;
  if (typeof task?.taskId === 'string') return task.taskId;
  const params = isJsonObject(message.params) ? message.params : undefined;
  if (message.method === 'notifications/tasks/status' && typeof params?.taskId === 'string') return params.taskId;
  return relatedTaskId(params) ?? relatedTaskId(result);
}
