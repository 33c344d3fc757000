/**
 * Task status notifications (tasks extension, SEP-2663 "Task Status Notifications"): a `subscriptions/listen` whose
 * filter names `taskIds` opens a stream that carries `notifications/tasks` (the full DetailedTask, as `tasks/get`
 * would return it) every time one of those tasks changes.
 *
 * Why the mock serves these streams itself: the SDK's listen router (2.4) honours only the four core filter fields
 * (`toolsListChanged`, `promptsListChanged`, `resourcesListChanged`, `resourceSubscriptions`): it drops `taskIds`
 * from the acknowledgment and its event bus has no task event, so it cannot emit `notifications/tasks`. So a listen
 * request asking for `taskIds` is answered here, on the transport, following the SDK's own wire rules: the SDK's
 * inbound classifier (`classifyInboundRequest`) runs the header/envelope ladder first (its rejections are sent as
 * they are), the acknowledgment goes first and carries `_meta["io.modelcontextprotocol/subscriptionId"]` (the
 * listen request's id) like every message on the stream, and the stream ends with the graceful
 * `subscriptions/listen` result. The list-changed fields asked for on the same stream are honoured from the same
 * event bus the SDK uses. A listen request without `taskIds` is left to the SDK.
 *
 * Choices the spec leaves open: right after the acknowledgment each subscribed task's current state is sent once
 * (a client that subscribes after creating a task misses nothing); a task the server does not know is left out of
 * the acknowledgment; once every subscribed task is terminal (and nothing else was asked) the server closes the
 * stream gracefully. A client that did not declare the tasks extension gets -32021 (SEP-2663, MUST).
 */
import {
  classifyInboundRequest,
  SERVER_INFO_META_KEY,
  SUBSCRIPTION_ID_META_KEY,
  type ServerEvent,
  type ServerEventBus,
} from '@modelcontextprotocol/server';
import { TASKS_EXTENSION } from './task-methods.ts';
import { TERMINAL_STATUSES, type TaskStatus, type TaskStore } from './task-store.ts';
import { isJsonObject } from '../../../protocol/types.ts';

type Json = Record<string, unknown>;
type RpcId = string | number;

const LIST_CHANGED: Record<string, ServerEvent['kind']> = {
  toolsListChanged: 'tools_list_changed',
  promptsListChanged: 'prompts_list_changed',
  resourcesListChanged: 'resources_list_changed',
};
const NOTIFICATION_OF: Partial<Record<ServerEvent['kind'], string>> = {
  tools_list_changed: 'notifications/tools/list_changed',
  prompts_list_changed: 'notifications/prompts/list_changed',
  resources_list_changed: 'notifications/resources/list_changed',
};

export interface TaskListenOptions {
  store: TaskStore;
  /** the event bus the SDK's listen streams use (list-changed events) */
  bus: ServerEventBus;
  serverInfo: { name: string; version: string };
  log?: (line: string) => void;
  /** SSE keep-alive comment interval (default 15 s; 0 = off) */
  keepAliveMs?: number;
}

export interface TaskListenRouter {
  /** The response for a listen request asking for `taskIds`; undefined for anything else (the SDK answers it). */
  serve(message: unknown, headers: Headers, signal: AbortSignal): Response | undefined;
  /** Ends every open stream gracefully. */
  closeAll(): void;
  readonly openCount: number;
}

function rpcError(id: RpcId | null, status: number, code: number, message: string, data?: unknown): Response {
  const error: Json = { code, message };
  if (data !== undefined) error.data = data;
  return Response.json({ jsonrpc: '2.0', id, error }, { status });
}

/** Is this a `subscriptions/listen` whose filter names `taskIds` (in any shape: a bad one is answered -32602)? */
function asksForTaskNotifications(message: unknown): boolean {
  if (!isJsonObject(message) || message.method !== 'subscriptions/listen' || !isJsonObject(message.params))
    return false;
  const filter = message.params.notifications;
  return isJsonObject(filter) && 'taskIds' in filter;
}

export function createTaskListenRouter(opts: TaskListenOptions): TaskListenRouter {
  const open = new Set<() => void>();
  const keepAliveMs = opts.keepAliveMs ?? 15_000;

  function serve(message: unknown, headers: Headers, signal: AbortSignal): Response | undefined {
    if (!asksForTaskNotifications(message)) return undefined;
    const outcome = classifyInboundRequest({
      httpMethod: 'POST',
      protocolVersionHeader: headers.get('mcp-protocol-version') ?? undefined,
      mcpMethodHeader: headers.get('mcp-method') ?? undefined,
      mcpNameHeader: headers.get('mcp-name') ?? undefined,
      body: message,
    });
    if (outcome.kind === 'reject') {
      const id = isJsonObject(message) && (typeof message.id === 'string' || typeof message.id === 'number');
      return rpcError(
        id ? (message as { id: RpcId }).id : null,
        outcome.httpStatus,
        outcome.code,
        outcome.message,
        outcome.data,
      );
    }
    if (outcome.kind !== 'modern' || outcome.messageKind !== 'request') return undefined; // legacy: not ours
    const request = outcome.message;
    const params = request.params as Json;
    const meta = isJsonObject(params._meta) ? params._meta : {};
    const caps = meta['io.modelcontextprotocol/clientCapabilities'];
    if (!(isJsonObject(caps) && isJsonObject(caps.extensions) && isJsonObject(caps.extensions[TASKS_EXTENSION]))) {
      return rpcError(
        request.id,
        400,
        -32021,
        `task status notifications need the ${TASKS_EXTENSION} extension: declare it in _meta["io.modelcontextprotocol/clientCapabilities"].extensions`,
        { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      );
    }
    const filter = params.notifications as Json;
    const requested = filter.taskIds;
    if (!Array.isArray(requested) || !requested.every((id) => typeof id === 'string')) {
      return rpcError(request.id, 200, -32602, "Invalid params: 'notifications.taskIds' must be an array of strings");
    }
    return stream(request.id, filter, requested as string[], signal);
  }

  function stream(subscriptionId: RpcId, filter: Json, requested: string[], signal: AbortSignal): Response {
    const taskIds = [...new Set(requested)].filter((id) => opts.store.get(id) !== undefined);
    const events = new Set(
      Object.entries(LIST_CHANGED)
        .filter(([field]) => filter[field] === true)
        .map(([, kind]) => kind),
    );
    const honored: Json = { taskIds };
    for (const [field, kind] of Object.entries(LIST_CHANGED)) if (events.has(kind)) honored[field] = true;
    const watching = new Set(taskIds);
    const stamp = (params: Json = {}): Json => ({
      ...params,
      _meta: { ...(isJsonObject(params._meta) ? params._meta : {}), [SUBSCRIPTION_ID_META_KEY]: subscriptionId },
    });
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let closed = false;
    const cleanups: (() => void)[] = [];
    const frame = (payload: Json | string) => {
      if (closed) return;
      const text = typeof payload === 'string' ? payload : `event: message\ndata: ${JSON.stringify(payload)}\n\n`;
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        // the reader is gone: the cancel/abort path tears the stream down
      }
    };
    const notify = (method: string, params: Json) => frame({ jsonrpc: '2.0', method, params: stamp(params) });
    const teardown = (graceful: boolean) => {
      if (closed) return;
      if (graceful) {
        const result = {
          resultType: 'complete',
          _meta: { [SUBSCRIPTION_ID_META_KEY]: subscriptionId, [SERVER_INFO_META_KEY]: opts.serverInfo },
        };
        frame({ jsonrpc: '2.0', id: subscriptionId, result });
      }
      closed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      open.delete(closeGracefully);
      try {
        controller.close();
      } catch {
        // already closed by the reader
      }
    };
    const closeGracefully = () => teardown(true);
    const terminal = (task: Json) => TERMINAL_STATUSES.includes(task.status as TaskStatus);
    const settle = (task: Json) => {
      if (terminal(task)) watching.delete(task.taskId as string);
      if (watching.size === 0 && events.size === 0) teardown(true);
    };
    const readable = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        notify('notifications/subscriptions/acknowledged', { notifications: honored });
        open.add(closeGracefully);
        opts.log?.(`subscriptions/listen ${String(subscriptionId)}: tasks ${taskIds.join(', ') || '(none known)'}`);
        cleanups.push(
          opts.store.subscribe((task) => {
            if (!watching.has(task.taskId as string)) return;
            notify('notifications/tasks', task);
            settle(task);
          }),
        );
        if (events.size > 0) {
          cleanups.push(
            opts.bus.subscribe((event) => {
              const method = events.has(event.kind) ? NOTIFICATION_OF[event.kind] : undefined;
              if (method) notify(method, isJsonObject(event.params) ? event.params : {});
            }),
          );
        }
        // the current state of each subscribed task, once, so a late subscriber misses nothing
        for (const id of taskIds) {
          const task = opts.store.get(id);
          if (task) {
            notify('notifications/tasks', task);
            settle(task);
          }
        }
        if (taskIds.length === 0 && events.size === 0) teardown(true);
        if (!closed && keepAliveMs > 0) {
          const timer = setInterval(() => frame(': keepalive\n\n'), keepAliveMs);
          cleanups.push(() => clearInterval(timer));
        }
      },
      cancel() {
        teardown(false);
      },
    });
    if (signal.aborted) teardown(false);
    else if (!closed) {
      const onAbort = () => teardown(false);
      signal.addEventListener('abort', onAbort, { once: true });
      cleanups.push(() => signal.removeEventListener('abort', onAbort));
    }
    return new Response(readable, {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
      },
    });
  }

  return {
    serve,
    closeAll: () => {
      for (const close of [...open]) close();
    },
    get openCount() {
      return open.size;
    },
  };
}
