/**
 * A task's own legs (tasks extension): `tasks/get` and `tasks/cancel` name the task (`{taskId}` with the envelope,
 * `Mcp-Name: <taskId>`); `subscriptions/listen` asks for its status notifications (`notifications.taskIds`). Pure.
 */
import { envelope } from '../../../protocol/envelope.ts';
import { requestHeaders } from '../../../protocol/headers.ts';
import type { JsonRpcRequest } from '../../../protocol/types.ts';
import { listenParams } from '../../../protocol/tasks/notifications.ts';
import { taskParams } from '../../../protocol/tasks/wire.ts';
import type { ComposedRequest, ConnectionContext } from '../../compose.ts';
import { plainSent, type Conversation, type SentFacts } from '../../model.ts';

/** A task leg's params: tasks/get and tasks/cancel name the task; a listen stream asks for its notifications. */
const paramsOf = (method: 'tasks/get' | 'tasks/cancel' | 'subscriptions/listen', taskId: string) =>
  method === 'subscriptions/listen' ? listenParams([taskId]) : taskParams(method, taskId);

/**
 * A task's tasks/get or tasks/cancel leg (`{taskId}` with the envelope, `Mcp-Name: <taskId>`), or the
 * subscriptions/listen request asking for its status notifications (`notifications.taskIds`). Pure.
 */
export function composeTaskLeg(
  conversation: Conversation,
  method: 'tasks/get' | 'tasks/cancel' | 'subscriptions/listen',
  rpcId: number,
  capabilities: SentFacts['capabilities'],
  ctx: ConnectionContext,
): ComposedRequest | undefined {
  const task = conversation.task;
  if (!task) return undefined;
  const meta = envelope({ protocolVersion: ctx.protocolVersion, capabilities, clientInfo: ctx.clientInfo });
  const message: JsonRpcRequest = {
    jsonrpc: '2.0',
    id: rpcId,
    method,
    params: { ...paramsOf(method, task.taskId), _meta: meta },
  };
  const headerOpts: Parameters<typeof requestHeaders>[1] = { extra: { ...(ctx.headers ?? {}) } };
  if (ctx.protocolVersion) headerOpts.protocolVersion = ctx.protocolVersion;
  if (ctx.authorization) headerOpts.authorization = ctx.authorization;
  const sent = plainSent(paramsOf(method, task.taskId), capabilities, method);
  return {
    url: ctx.url,
    headers: requestHeaders(message, headerOpts),
    body: JSON.stringify(message),
    message,
    problems: [],
    sent,
  };
}
