/**
 * The -32021 gate for tools with task support `required` (SEP-2663 "Required Capabilities"): a `tools/call` for
 * such a tool from a request that did not declare the tasks extension is refused before the SDK runs the tool
 * (an error thrown inside a tool handler would become an `isError` tool result). HTTP 400, like every -32021.
 */
import { REQUIRED_TASK_TOOLS, TASKS_EXTENSION } from './task-methods.ts';
import { isJsonObject } from '../../../protocol/types.ts';

export function requiredTaskGate(message: unknown): Response | undefined {
  if (!isJsonObject(message) || message.method !== 'tools/call' || !isJsonObject(message.params)) return undefined;
  const { name, _meta: meta } = message.params;
  if (typeof name !== 'string' || !REQUIRED_TASK_TOOLS.has(name)) return undefined;
  if (!isJsonObject(meta) || meta['io.modelcontextprotocol/protocolVersion'] === undefined) return undefined; // SDK answers
  const caps = meta['io.modelcontextprotocol/clientCapabilities'];
  if (isJsonObject(caps) && isJsonObject(caps.extensions) && isJsonObject(caps.extensions[TASKS_EXTENSION]))
    return undefined;
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
  return Response.json(
    {
      jsonrpc: '2.0',
      id,
      error: {
        code: -32021,
        message: `${name} runs only as a task: declare the ${TASKS_EXTENSION} extension in _meta["io.modelcontextprotocol/clientCapabilities"].extensions`,
        data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      },
    },
    { status: 400 },
  );
}
