/**
 * A small stdio MCP server (protocol 2026-07-28, `@modelcontextprotocol/server` 2.4 `serveStdio`) shipped with the
 * package for trying `--stdio` and for the tests. One MRTR tool:
 *
 *   confirm_delete {path}  round 1 asks `confirm` (form, boolean `delete`), signed requestState bound to the tool and
 *                          method; accept with delete=true -> "Deleted <path> (dry run)"; decline/cancel -> isError.
 *
 *   scan_folder {path, files}  counts `files` files, one step each (~30 ms apart): with `_meta.progressToken` it sends
 *                          `notifications/progress` per step, with `_meta["io.modelcontextprotocol/logLevel"]` a
 *                          `notifications/message` per step; stdio carries them, the bridge streams them to the page.
 *
 * It writes a line to stderr at start and on every call, so the inspector's stderr panel has something to show.
 * Run: `node dist-node/stdio-demo-server.js` (packed) or `npx tsx src/node/stdio/demo-server.ts`.
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

function build(): McpServer {
  const server = new McpServer(
    { name: 'mrtr-stdio-demo', version: '1.0.0' },
    { capabilities: { tools: {}, logging: {} }, requestState: { verify: codec.verify } },
  );
  server.registerTool(
    'confirm_delete',
    {
      title: 'Delete a file (dry run)',
      description: 'Asks for confirmation (form elicitation) before pretending to delete a file.',
      inputSchema: z.object({ path: z.string().min(1).default('/tmp/example.txt') }),
    },
    async ({ path }, ctx) => {
      process.stderr.write(`[stdio-demo] tools/call confirm_delete ${JSON.stringify(path)}\n`);
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
  server.registerTool(
    'scan_folder',
    {
      title: 'Scan a folder (progress and logging)',
      description:
        'Counts files one step at a time; reports progress (send a progressToken) and logs (set a log level).',
      inputSchema: z.object({
        path: z.string().min(1).default('/tmp'),
        files: z.int().min(1).max(20).default(3),
      }),
    },
    async ({ path, files }, ctx) => {
      process.stderr.write(`[stdio-demo] tools/call scan_folder ${JSON.stringify(path)}\n`);
      const token = ctx.mcpReq._meta?.progressToken;
      const envelope = (ctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
      const logs = envelope['io.modelcontextprotocol/logLevel'] !== undefined;
      for (let step = 1; step <= files; step++) {
        if (token !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, total: files, message: `File ${step} of ${files}` },
          });
        }
        if (logs) await ctx.mcpReq.log('info', `scan_folder: scanned file ${step} of ${files} in ${path}`);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return { content: [{ type: 'text', text: `Scanned ${files} files in ${path}.` }] };
    },
  );
  return server;
}

serveStdio(build, { legacy: 'reject', onerror: (err) => process.stderr.write(`[stdio-demo] ${err.message}\n`) });
process.stderr.write('[stdio-demo] ready on stdio (protocol 2026-07-28)\n');
