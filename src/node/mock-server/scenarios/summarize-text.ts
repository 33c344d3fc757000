/**
 * `summarize_text`: a single sampling/createMessage input request, no requestState (the simplest stateless
 * MRTR shape: the retry carries everything the server needs).
 */
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { textResult, type ScenarioContext } from './context.ts';

export function register(server: McpServer, _ctx: ScenarioContext): void {
  server.registerTool(
    'summarize_text',
    {
      title: 'Summarize text (sampling only)',
      description: 'Asks the client to sample a one-sentence summary (sampling/createMessage); no requestState.',
      inputSchema: z.object({
        text: z
          .string()
          .min(1)
          .default('MCP 2026-07-28 replaces server-to-client requests with multi-round-trip results.')
          .meta({ title: 'Text to summarize' }),
      }),
    },
    async ({ text }, sctx) => {
      const answer = inputResponse(sctx.mcpReq.inputResponses, 'summary');
      if (answer.kind !== 'sampling') {
        return inputRequired({
          inputRequests: {
            summary: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `Summarize in one sentence:\n\n${text}` } }],
              systemPrompt: 'You write one-sentence summaries.',
              modelPreferences: { hints: [{ name: 'claude' }], speedPriority: 0.8 },
              maxTokens: 120,
            }),
          },
        });
      }
      const content = answer.result.content;
      const summary = (Array.isArray(content) ? content : [content])
        .map((c) => (c.type === 'text' ? c.text : `[${c.type}]`))
        .join('');
      return textResult(`Summary by ${answer.result.model}: ${summary}`);
    },
  );
}
