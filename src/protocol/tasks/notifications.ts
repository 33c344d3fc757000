/**
 * Task status notifications (tasks extension, SEP-2663 "Task Status Notifications", over the 2026-07-28
 * `subscriptions/listen` stream): the client opens a stream naming the task ids it wants
 * (`params.notifications.taskIds`); the server acknowledges first (`notifications/subscriptions/acknowledged`, its
 * `notifications.taskIds` = the ids it agreed to), then pushes `notifications/tasks` whose params are the whole task
 * (what `tasks/get` would return), and may end the stream with the listen request's own result. Every message carries
 * `_meta["io.modelcontextprotocol/subscriptionId"]` (the listen request's id). Pure; server data is narrowed here.
 */
import { isJsonObject, type JsonObject, type RpcId } from '../types.ts';
import { readTask, type TaskSnapshot } from './wire.ts';

const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId';

/** The params of a listen request for these tasks (the `_meta` envelope is added by the composer). */
export function listenParams(taskIds: string[]): JsonObject {
  return { notifications: { taskIds } };
}

/** One message of a listen stream, as the inspector reads it. */
export type ListenMessage =
  /** `taskIds`: what the server agreed to (absent: it named none) */
  | { kind: 'ack'; taskIds: string[]; subscriptionId?: RpcId }
  | { kind: 'task'; task: TaskSnapshot; subscriptionId?: RpcId }
  /** a notifications/tasks whose task does not read (the reason says why) */
  | { kind: 'bad-task'; reason: string }
  /** the listen request's own response: the server ended the stream (`error` when it refused it) */
  | { kind: 'end'; error?: { code: number; message: string } }
  /** any other notification (list changes, …) or text that is not JSON-RPC */
  | { kind: 'other'; method?: string };

function subscriptionIdOf(params: JsonObject): RpcId | undefined {
  const meta = params._meta;
  const id = isJsonObject(meta) ? meta[SUBSCRIPTION_ID_KEY] : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** Read one SSE event's data from a listen stream. */
export function readListenMessage(data: string): ListenMessage {
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return { kind: 'other' };
  }
  if (!isJsonObject(message)) return { kind: 'other' };
  if ('result' in message || 'error' in message) {
    const e = message.error;
    if (isJsonObject(e) && typeof e.code === 'number' && typeof e.message === 'string') {
      return { kind: 'end', error: { code: e.code, message: e.message } };
    }
    return { kind: 'end' };
  }
  const method = typeof message.method === 'string' ? message.method : undefined;
  const params = isJsonObject(message.params) ? message.params : {};
  const subscriptionId = subscriptionIdOf(params);
  const withId = <T extends object>(m: T): T & { subscriptionId?: RpcId } =>
    subscriptionId === undefined ? m : { ...m, subscriptionId };
  if (method === 'notifications/subscriptions/acknowledged') {
    const filter = isJsonObject(params.notifications) ? params.notifications : {};
    const ids = Array.isArray(filter.taskIds)
      ? filter.taskIds.filter((id): id is string => typeof id === 'string')
      : [];
    return withId({ kind: 'ack' as const, taskIds: ids });
  }
  if (method === 'notifications/tasks') {
    const { _meta: _m, ...task } = params;
    const read = readTask(task);
    return typeof read === 'string'
      ? { kind: 'bad-task', reason: read }
      : withId({ kind: 'task' as const, task: read });
  }
  return method === undefined ? { kind: 'other' } : { kind: 'other', method };
}
