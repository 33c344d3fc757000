/**
 * A stdio MCP server (protocol 2026-07-28, `@modelcontextprotocol/server` 2.4 `serveStdio`) for the journeys that give
 * up on a call: its one tool never answers, and it writes to stderr (which the inspector's stdio panel shows) what it
 * read, so a test can see what reached it.
 *
 *   wait_forever {}  writes `[stdio-hang] tools/call wait_forever is request <id>` (the id the server knows, which the
 *                    inspector's bridge chose), then waits until the request is cancelled and writes
 *                    `[stdio-hang] request <id> was cancelled`; it never answers.
 *
 * Every `notifications/cancelled` line read on stdin is written to stderr as `[stdio-hang] read <line>`.
 * Run: `npx tsx src/node/test-servers/stdio-hang-server.ts` (e2e: `mrtr-inspector --stdio` starts it).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod/v4';

let pending = '';
process.stdin.on('data', (chunk: Buffer) => {
  const lines = (pending + chunk.toString('utf8')).split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    if (line.includes('"notifications/cancelled"')) process.stderr.write(`[stdio-hang] read ${line.trim()}\n`);
  }
});

function build(): McpServer {
  const server = new McpServer({ name: 'mrtr-stdio-hang', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool(
    'wait_forever',
    { title: 'Never answers', description: 'Waits until the call is cancelled.', inputSchema: z.object({}) },
    async (_args, ctx) => {
      const id = String(ctx.mcpReq.id);
      process.stderr.write(`[stdio-hang] tools/call wait_forever is request ${id}\n`);
      await new Promise<void>((resolve) => {
        if (ctx.mcpReq.signal.aborted) resolve();
        ctx.mcpReq.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      process.stderr.write(`[stdio-hang] request ${id} was cancelled\n`);
      return { content: [{ type: 'text', text: 'cancelled' }], isError: true };
    },
  );
  return server;
}

serveStdio(build, { legacy: 'reject', onerror: (err) => process.stderr.write(`[stdio-hang] ${err.message}\n`) });
process.stderr.write('[stdio-hang] ready on stdio (protocol 2026-07-28)\n');
