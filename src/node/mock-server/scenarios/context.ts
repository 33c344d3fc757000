/**
 * What every scenario's `register(server, ctx)` receives. One context per endpoint, shared by every pooled server
 * instance and every request: what belongs to one request is reached through the handler's own `ServerContext`
 * (`ctx.state.mintSigned(payload, sctx)`, `ctx.requestHeaders(sctx)`), never captured while registering.
 */
import type { CallToolResult, McpServer, ServerContext, ServerNotifier } from '@modelcontextprotocol/server';
import type { Clock } from '../../clock.ts';
import type { ConsentFlows } from '../consent-flows.ts';
import type { StateKit } from '../state.ts';
import type { TaskStore } from '../tasks/task-store.ts';
import type { TenantHeaderSwitch } from './moving-header.ts';

export interface ScenarioContext {
  /** `X-Mock-Instance` value of the endpoint serving this request (`main`, or a fleet instance name). */
  instanceName: string;
  /** Base URL of the mock server as seen by the client, e.g. `http://127.0.0.1:8765` (for consent URLs). */
  baseUrl: () => string;
  /** requestState minting/verification, bound to the request of the `sctx` given (signed, sealed, unprotected). */
  state: StateKit;
  /** Process-wide consent flows of URL-mode sign-in (shared by every instance in the process). */
  flows: ConsentFlows;
  /** Headers of the HTTP request a handler is serving (for the `x-mcp-header` demo). */
  requestHeaders(sctx: ServerContext): Headers;
  /** Publishes list-changed events to open `subscriptions/listen` streams. */
  notify: ServerNotifier;
  /** The endpoint's task store (tasks extension): shared by every instance, since a task outlives its request. */
  tasks: TaskStore;
  /** The endpoint's time (task jobs, progress steps): real in the product, driven by tests (clock.ts). */
  clock: Clock;
  /**
   * A deliberately changed scenario, for testing replays: `provision` then also asks `size` (a second form field
   * request) and says "(v2)" in its result. Absent: every scenario as documented.
   */
  drift?: 'provision';
  /** The header `tenant_report` declares now (moving-header.ts): flipped by `deploy_tenant_report`. */
  tenantHeader: TenantHeaderSwitch;
  /** Server-side log (stderr in the CLI). */
  log: (line: string) => void;
}

export type RegisterScenario = (server: McpServer, ctx: ScenarioContext) => void;

export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

export function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
