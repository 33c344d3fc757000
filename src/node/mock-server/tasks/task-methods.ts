/**
 * The tasks extension on an `McpServer`: `tasks/get`, `tasks/update`, `tasks/cancel` as custom request handlers
 * over the endpoint's shared task store, and `registerTaskTool`, which registers a tool whose call creates a task
 * when the request opts in (`_meta["io.modelcontextprotocol/clientCapabilities"].extensions
 * ["io.modelcontextprotocol/tasks"]`). Without the opt-in the task methods answer -32021, a tool with task support
 * `required` answers -32021, and one with `optional` support runs its job to the end inside the call.
 * The SDK itself checks `Mcp-Name: <taskId>` on the three methods (-32020) and answers `tasks/result` and
 * `tasks/list` with -32601 (they are not registered).
 */
import {
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type InputRequiredResult,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import type { Clock } from '../../clock.ts';
import type { Job, JobHandle, TaskStore } from './task-store.ts';
import { isJsonObject } from '../../../protocol/types.ts';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Tools registered with task support `required` (the same on every instance: registration is static). */
export const REQUIRED_TASK_TOOLS = new Set<string>();

/** Did this request declare the tasks extension in its per-request client capabilities? */
function optedIntoTasks(sctx: ServerContext): boolean {
  const envelope = sctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const caps = envelope?.['io.modelcontextprotocol/clientCapabilities'];
  return isJsonObject(caps) && isJsonObject(caps.extensions) && isJsonObject(caps.extensions[TASKS_EXTENSION]);
}

function requireTasks(sctx: ServerContext, what: string): void {
  if (optedIntoTasks(sctx)) return;
  throw new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    `${what} needs the ${TASKS_EXTENSION} extension: declare it in _meta["io.modelcontextprotocol/clientCapabilities"].extensions`,
  );
}

const unknownTask = (taskId: string) =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown or expired taskId: ${taskId}`);

export function registerTaskMethods(server: McpServer, store: TaskStore): void {
  const low = server.server;
  low.setRequestHandler('tasks/get', { params: z.looseObject({ taskId: z.string() }) }, async (params, sctx) => {
    requireTasks(sctx, 'tasks/get');
    const task = store.get(params.taskId);
    if (!task) throw unknownTask(params.taskId);
    return { ...task, resultType: 'complete' };
  });
  // The SDK lifts `inputResponses` out of the params of every request (the MRTR seam) into
  // `sctx.mcpReq.inputResponses`, so the handler reads them there; params are checked after the capability gate.
  low.setRequestHandler('tasks/update', { params: z.looseObject({ taskId: z.unknown() }) }, async (params, sctx) => {
    requireTasks(sctx, 'tasks/update');
    const responses = sctx.mcpReq.inputResponses ?? (params as Record<string, unknown>).inputResponses;
    if (typeof params.taskId !== 'string' || !isJsonObject(responses)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'tasks/update needs taskId (string) and inputResponses');
    }
    if (!store.update(params.taskId, responses)) throw unknownTask(params.taskId);
    return { resultType: 'complete' };
  });
  low.setRequestHandler('tasks/cancel', { params: z.looseObject({ taskId: z.string() }) }, async (params, sctx) => {
    requireTasks(sctx, 'tasks/cancel');
    if (!store.cancel(params.taskId)) throw unknownTask(params.taskId);
    return { resultType: 'complete' };
  });
}

/** A job run without a task (no opt-in, `optional` support): sleeps on the store's clock, asking is not possible. */
function inlineHandle(signal: AbortSignal, clock: Clock): JobHandle {
  return {
    signal,
    sleep: (ms) => clock.sleep(ms, signal),
    progress: () => {},
    ask: () => Promise.reject(new Error('this job asks mid-way: call it with the tasks extension declared')),
  };
}

export interface TaskToolConfig<S extends z.ZodObject> {
  title?: string;
  description: string;
  inputSchema: S;
  /** `required`: -32021 without the opt-in; `optional`: runs inline without it. */
  taskSupport: 'required' | 'optional';
  /**
   * Runs before the task exists (MRTR rounds or a fast path): return a result to answer the call with it
   * (an `inputRequired(...)` leg, or a sync result), or undefined to create the task.
   */
  before?: (args: z.infer<S>, sctx: ServerContext) => Promise<CallToolResult | InputRequiredResult | undefined>;
  job: (args: z.infer<S>, sctx: ServerContext) => Job;
}

export function registerTaskTool<S extends z.ZodObject>(
  server: McpServer,
  store: TaskStore,
  name: string,
  config: TaskToolConfig<S>,
): void {
  if (config.taskSupport === 'required') REQUIRED_TASK_TOOLS.add(name);
  server.registerTool(
    name,
    {
      title: config.title,
      description: config.description,
      inputSchema: config.inputSchema,
      _meta: { [TASKS_EXTENSION]: { taskSupport: config.taskSupport } },
    },
    // The SDK's generic tool types do not carry a schema type parameter through; the args are validated by it.
    (async (args: z.infer<S>, sctx: ServerContext) => {
      // (`required` without the opt-in never gets here: the endpoint answers -32021 first, see task-gate.ts)
      const early = await config.before?.(args, sctx);
      if (early) return early;
      const job = config.job(args, sctx);
      if (!optedIntoTasks(sctx)) return job(inlineHandle(sctx.mcpReq.signal, store.clock));
      // A CreateTaskResult: the SDK adds `content: []` to a content-less tools/call result; the endpoint strips it
      // again (see strip-task-content.ts) so the wire carries the flat task.
      return { ...store.create(job), resultType: 'task', content: [] };
    }) as never,
  );
}
