/**
 * The spec's recovery from a -32020 on a `tools/call` (2026-07-28 basic/transports/streamable-http, custom headers,
 * "Client Behavior": the client SHOULD call `tools/list` to check for changes to the tool's `inputSchema`, then retry
 * the original request with the appropriate headers). A deliberate action, never automatic: one `tools/list`, then at
 * most one resend, as a branch of the refused leg whose headers follow the schema just listed. When the listing shows
 * the same `x-mcp-header` declarations a resend would carry the same headers, so nothing is sent.
 */
import type { JsonObject, ToolDescriptor } from '../../protocol/types.ts';
import { paramHeaderChanges } from '../../protocol/header-mismatch.ts';
import { invalidToolReason } from '../../protocol/param-headers.ts';
import type { SessionEvent } from '../events.ts';

export interface HeaderRecoveryDeps {
  /** a fresh `tools/list` (every page); throws when it fails */
  listTools: () => Promise<ToolDescriptor[]>;
  dispatch: (event: SessionEvent) => void;
  /** fork the refused leg into a branch (its draft resends that leg); returns the branch's id */
  fork: (legId: string) => string;
  /** send the branch's draft, once */
  send: (conversationId: string) => Promise<void>;
}

export interface HeaderRecoveryInput {
  /** the leg the server refused with -32020 */
  legId: string;
  tool: string;
  /** the inputSchema the refused leg's headers were built from */
  inputSchema: JsonObject | undefined;
}

export type HeaderRecoveryOutcome =
  | { kind: 'resent'; branchId: string; changes: string[] }
  | { kind: 'unchanged' }
  | { kind: 'gone' }
  | { kind: 'invalid'; reason: string }
  | { kind: 'list-failed'; message: string };

/** What the user reads after the recovery, one sentence per outcome. */
export function recoveryMessage(tool: string, outcome: HeaderRecoveryOutcome): string {
  switch (outcome.kind) {
    case 'resent':
      return `tools/list: ${outcome.changes.join('; ')}. Resent once as a branch with the headers of the new schema.`;
    case 'unchanged':
      return `tools/list shows the same x-mcp-header declarations for ${tool}: a resend would carry the same headers, so nothing was sent. The mismatch is elsewhere (compare the leg's request headers with its body).`;
    case 'gone':
      return `tools/list no longer lists ${tool}: nothing was sent.`;
    case 'invalid':
      return `tools/list now gives ${tool} an invalid x-mcp-header (${outcome.reason}): it must not be called, so nothing was sent.`;
    case 'list-failed':
      return `tools/list failed (${outcome.message}): nothing was sent.`;
  }
}

export async function refreshSchemaAndResend(
  input: HeaderRecoveryInput,
  deps: HeaderRecoveryDeps,
): Promise<HeaderRecoveryOutcome> {
  let tools: ToolDescriptor[];
  try {
    tools = await deps.listTools();
  } catch (err) {
    return { kind: 'list-failed', message: err instanceof Error ? err.message : String(err) };
  }
  const tool = tools.find((t) => t.name === input.tool);
  if (!tool) return { kind: 'gone' };
  const invalid = invalidToolReason(tool.inputSchema);
  if (invalid) return { kind: 'invalid', reason: invalid };
  const changes = paramHeaderChanges(input.inputSchema, tool.inputSchema);
  if (changes.length === 0) return { kind: 'unchanged' };
  const branchId = deps.fork(input.legId);
  deps.dispatch({ type: 'conversation/schema-refreshed', conversationId: branchId, inputSchema: tool.inputSchema });
  await deps.send(branchId);
  return { kind: 'resent', branchId, changes };
}
