/**
 * `dual_era_pitfall`: the classic dual-era bug. The handler returns `input_required` whatever the era of the
 * connection. On 2026-07-28 that is the protocol (one form question, then the answer). On a 2025-11-25 session the
 * mock serves this one tool from an instance built without the SDK's legacy shim (`inputRequired.legacyShim: false`,
 * see main-endpoint.ts), the way a server written for 2026 on an SDK without the shim behaves: the client gets
 * -32603 (the handler returned a result the 2025 wire has no word for). Every other tool asks by pushing a request.
 */
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { errorResult, textResult, type ScenarioContext } from './context.ts';

export const PITFALL_TOOL = 'dual_era_pitfall';

export function register(server: McpServer, ctx: ScenarioContext): void {
  server.registerTool(
    PITFALL_TOOL,
    {
      title: 'Dual-era pitfall (returns input_required on every era)',
      description:
        'Asks for a confirmation with input_required without checking the era. Works on 2026-07-28; on a ' +
        '2025-11-25 connection the client gets -32603, because that revision has no input_required results.',
      inputSchema: z.object({ item: z.string().min(1).default('report.pdf').meta({ title: 'Item to delete' }) }),
    },
    async ({ item }, sctx) => {
      const state = sctx.mcpReq.requestState<{ item: string }>();
      const answer = inputResponse(sctx.mcpReq.inputResponses, 'confirm');
      if (state === undefined || answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              mode: 'form',
              message: `Delete ${item}?`,
              requestedSchema: {
                type: 'object',
                properties: { confirm: { type: 'boolean', title: 'Yes, delete it', default: false } },
                required: ['confirm'],
              },
            }),
          },
          requestState: await ctx.state.mintSigned({ item }, sctx),
        });
      }
      if (answer.action !== 'accept' || answer.content?.confirm !== true) return errorResult(`Kept ${item}.`);
      return textResult(`Deleted ${item}.`);
    },
  );
}
