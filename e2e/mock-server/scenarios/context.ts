/**
 * What every scenario's `register(server, ctx)` receives. One context per server instance, and the main endpoint
 * builds one server instance per HTTP request (stateless), so `state` and `requestHeaders` describe that request.
 */
import type { CallToolResult, McpServer, ServerNotifier } from '@modelcontextprotocol/server';
import type { ConsentFlows } from '../consent.ts';
import type { StateKit } from '../state.ts';

export interface ScenarioContext {
  /** `X-Mock-Instance` value of the endpoint serving this request (`main`, or a fleet instance name). */
  instanceName: string;
  /** Base URL of the mock server as seen by the client, e.g. `http://127.0.0.1:8765` (for consent URLs). */
  baseUrl: () => string;
  /** requestState minting/verification bound to this request (signed, sealed, unprotected). */
  state: StateKit;
  /** Process-wide consent flows of URL-mode sign-in (shared by every instance in the process). */
  flows: ConsentFlows;
  /** Headers of the HTTP request being served (for the `x-mcp-header` demo). */
  requestHeaders: Headers;
  /** Publishes list-changed events to open `subscriptions/listen` streams. */
  notify: ServerNotifier;
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
