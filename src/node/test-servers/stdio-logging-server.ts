/**
 * A stdio MCP server (protocol 2026-07-28, `@modelcontextprotocol/server` 2.4 `serveStdio`) for the tap journeys, as an
 * author writes one who wants the server's errors in its log. The SDK answers a refused requestState with the frozen
 * `-32602 Invalid or expired requestState` and hands the reason to the server's `onerror` hook only, which is unset
 * unless the author sets it (the stdio demo server does not, so its log names no reason); this one sets it to write
 * every error on stderr.
 *
 *   confirm_delete {path}  round 1 asks `confirm` (form, boolean `delete`), signed requestState bound to the tool and
 *                          method; accept with delete=true -> "Deleted <path> (dry run)".
 *
 * A state changed on the way is written as `[stdio-logging] requestState verification rejected tools/call: <why>`.
 * Run: `npx tsx src/node/test-servers/stdio-logging-server.ts` (e2e: `mrtr-inspector tap --` starts it).
 */
import { randomBytes } from 'node:crypto';
import { createRequestStateCodec, inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod/v4';

const codec = createRequestStateCodec<{ path: string }>({
  key: randomBytes(32),
  ttlSeconds: 600,
  bind: (ctx) => `${ctx.mcpReq.method}\u0000confirm_delete`,
});

const log = (error: Error): void => void process.stderr.write(`[stdio-logging] ${error.message}\n`);

function build(): McpServer {
  const server = new McpServer(
    { name: 'mrtr-stdio-logging', version: '1.0.0' },
    { capabilities: { tools: {} }, requestState: { verify: codec.verify } },
  );
  // where the SDK says why it refused a requestState
  server.server.onerror = log;
  server.registerTool(
    'confirm_delete',
    {
      title: 'Delete a file (dry run)',
      description: 'Asks for confirmation (form elicitation) before pretending to delete a file.',
      inputSchema: z.object({ path: z.string().min(1) }),
    },
    async ({ path }, ctx) => {
      const state = ctx.mcpReq.requestState<{ path: string }>();
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
      if (state === undefined || answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              mode: 'form',
              message: `Delete ${path}?`,
              requestedSchema: {
                type: 'object',
                properties: { delete: { type: 'boolean', title: 'Delete it' } },
                required: ['delete'],
              },
            }),
          },
          requestState: await codec.mint({ path }, ctx),
        });
      }
      if (answer.action !== 'accept' || answer.content?.delete !== true) {
        return { content: [{ type: 'text', text: `Kept ${state.path}.` }], isError: true };
      }
      return { content: [{ type: 'text', text: `Deleted ${state.path} (dry run)` }] };
    },
  );
  return server;
}

serveStdio(build, { legacy: 'reject', onerror: log });
process.stderr.write('[stdio-logging] ready on stdio (protocol 2026-07-28)\n');
