/**
 * `list_workspace`: a single roots/list input request, no requestState. The result lists the roots the client sent.
 */
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { textResult, type ScenarioContext } from './context.ts';

export function register(server: McpServer, _ctx: ScenarioContext): void {
  server.registerTool(
    'list_workspace',
    {
      title: 'List workspace roots (roots only)',
      description: 'Asks the client for its roots (roots/list) and lists them; no requestState.',
      inputSchema: z.object({}),
    },
    async (_args, sctx) => {
      const answer = inputResponse(sctx.mcpReq.inputResponses, 'roots');
      if (answer.kind !== 'roots') {
        return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      }
      if (answer.roots.length === 0) return textResult('The client shared no roots.');
      const lines = answer.roots.map((r) => `- ${r.uri}${r.name ? ` (${r.name})` : ''}`);
      return textResult(`The client shared ${answer.roots.length} root(s):\n${lines.join('\n')}`);
    },
  );
}
