/**
 * `plan_with_tools`: a sampling/createMessage input request that offers the model tools (SEP-1577, 2025-11-25
 * client/sampling "Tools in Sampling"; kept, deprecated, in 2026-07-28). The client declares `sampling.tools` (the SDK
 * answers -32021 otherwise) and may answer with `stopReason: "toolUse"` and an array of content blocks holding
 * `tool_use` blocks. The result says what came back: the tools the model asked to use, with their input, or its text.
 */
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { textResult, type ScenarioContext } from './context.ts';

const SAMPLING_TOOLS = [
  {
    name: 'get_weather',
    description: 'Current weather of a city',
    inputSchema: {
      type: 'object' as const,
      properties: { city: { type: 'string', description: 'City name' } },
      required: ['city'],
    },
  },
  {
    name: 'get_time',
    description: 'Local time of a city',
    inputSchema: {
      type: 'object' as const,
      properties: { city: { type: 'string', description: 'City name' } },
      required: ['city'],
    },
  },
];

export function register(server: McpServer, _ctx: ScenarioContext): void {
  server.registerTool(
    'plan_with_tools',
    {
      title: 'Plan with tools (sampling with tools)',
      description:
        'Asks the client to sample a reply with tools offered (get_weather, get_time); the client needs sampling.tools.',
      inputSchema: z.object({
        question: z.string().min(1).default('Should I take an umbrella in Paris today?').meta({ title: 'Question' }),
      }),
    },
    async ({ question }, sctx) => {
      const answer = inputResponse(sctx.mcpReq.inputResponses, 'plan');
      if (answer.kind !== 'sampling') {
        return inputRequired({
          inputRequests: {
            plan: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: question } }],
              systemPrompt: 'Use a tool when it helps.',
              maxTokens: 200,
              tools: SAMPLING_TOOLS,
              toolChoice: { mode: 'auto' },
            }),
          },
        });
      }
      const { content, stopReason, model } = answer.result;
      const blocks = Array.isArray(content) ? content : [content];
      const parts = blocks.map((b) =>
        b.type === 'tool_use'
          ? `tool_use ${b.name} ${JSON.stringify(b.input)} (id ${b.id})`
          : b.type === 'text'
            ? `text ${JSON.stringify(b.text)}`
            : `[${b.type}]`,
      );
      return textResult(`Sampled by ${model}, stopReason ${stopReason ?? '(none)'}: ${parts.join('; ')}`);
    },
  );
}
