/**
 * Fixtures the official conformance suite (@modelcontextprotocol/conformance) calls by name for its
 * `server-stateless` scenario (SEP-2575): a tool that needs a capability the request may lack, a stream that carries
 * nothing but the result, request-scoped logging, and list-changed events for `subscriptions/listen` streams.
 * `npm run test:conformance` (e2e/conformance/server-runner.ts) checks them.
 */
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { textResult, type ScenarioContext } from './context.ts';

export function register(server: McpServer, ctx: ScenarioContext): void {
  const noArgs = z.object({});

  server.registerTool(
    'test_missing_capability',
    {
      description: 'Conformance (SEP-2575): needs sampling; without it the SDK answers 400 / -32021',
      inputSchema: noArgs,
    },
    async (_args, sctx) => {
      if (inputResponse(sctx.mcpReq.inputResponses, 'llm_answer').kind === 'sampling') {
        return textResult('sampling round-trip complete');
      }
      return inputRequired({
        inputRequests: {
          llm_answer: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Reply with the single word: pong' } }],
            maxTokens: 16,
          }),
        },
      });
    },
  );

  server.registerTool(
    'test_streaming_elicitation',
    { description: 'Conformance (SEP-2575): the response stream carries no independent requests', inputSchema: noArgs },
    async () => textResult('Stream carried only this result.'),
  );

  server.registerTool(
    'test_logging_tool',
    { description: 'Conformance (SEP-2575): logs only when the request set _meta logLevel', inputSchema: noArgs },
    async (_args, sctx) => {
      await sctx.mcpReq.log('info', 'test_logging_tool ran (delivered only when the request set a logLevel)');
      return textResult('Logged through the request-scoped, logLevel-gated channel.');
    },
  );

  server.registerTool(
    'test_trigger_tool_change',
    {
      description: 'Conformance (SEP-2575): publishes notifications/tools/list_changed to listen streams',
      inputSchema: noArgs,
    },
    async () => {
      ctx.notify.toolsChanged();
      return textResult('tools list_changed published');
    },
  );

  server.registerTool(
    'test_trigger_prompt_change',
    {
      description: 'Conformance (SEP-2575): publishes notifications/prompts/list_changed to listen streams',
      inputSchema: noArgs,
    },
    async () => {
      ctx.notify.promptsChanged();
      return textResult('prompts list_changed published');
    },
  );
}
