/**
 * The baseline of the mock's throughput ratio: a bare `@modelcontextprotocol/server` handler, written the way the
 * SDK documents it (`createMcpHandler` with a factory that builds an `McpServer` per request, `toNodeHandler` on
 * node:http), serving the same two-leg signed conversation as the mock's `provision`: leg 1 asks for a region (form
 * elicitation) with a requestState signed by the SDK's HMAC codec (TTL 600 s, bound to the method),
 * leg 2 verifies it and completes. Nothing else: no other tools, no pool, no request peek, no log.
 *
 * Same protocol as mock-child.ts: prints `{ mcpUrl, pid }` on stdout, exits on `{ type: 'close' }` or disconnect.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// bound to the method, as in the SDK's own example (the mock also binds the tool and its arguments)
const bind = (ctx: ServerContext): string => `${ctx.mcpReq.method}\0${ctx.http?.authInfo?.clientId ?? ''}`;
const codec = createRequestStateCodec({ key: randomBytes(32), ttlSeconds: 600, bind });

function build(): McpServer {
  const server = new McpServer(
    { name: 'bare-sdk', version: '1.0.0' },
    { capabilities: { tools: {} }, requestState: { verify: (s, ctx) => codec.verify(s, ctx) } },
  );
  server.registerTool(
    'provision',
    { description: 'Asks for a region, then provisions.', inputSchema: z.object({ name: z.string().min(1) }) },
    async ({ name }, ctx) => {
      const ask = async () =>
        inputRequired({
          inputRequests: {
            region: inputRequired.elicit({
              mode: 'form',
              message: `Which region should ${name} be provisioned in?`,
              requestedSchema: {
                type: 'object',
                properties: { region: { type: 'string', title: 'Region', enum: ['us-east-1', 'eu-west-1'] } },
                required: ['region'],
              },
            }),
          },
          requestState: await codec.mint({ step: 'region', name }, ctx),
        });
      if (ctx.mcpReq.requestState() === undefined) return ask();
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'region');
      if (answer.kind !== 'elicit' || answer.action !== 'accept') return ask();
      return { content: [{ type: 'text' as const, text: `Provisioned ${name} in ${String(answer.content?.region)}` }] };
    },
  );
  return server;
}

const handler = createMcpHandler(() => build(), { legacy: 'reject' });
const node = toNodeHandler({ fetch: (request: Request) => handler.fetch(request) });
const server = createServer((req, res) => void node(req, res));
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ mcpUrl: `http://127.0.0.1:${port}/mcp`, pid: process.pid })}\n`);
});
const close = () => void handler.close().then(() => server.close(() => process.exit(0)));
process.on('message', (msg: { type?: string }) => {
  if (msg.type === 'close') close();
});
process.on('disconnect', close);
