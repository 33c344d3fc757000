/**
 * `ask_until_accept`: a decline is answered with another input_required (same question, attempt counter in the
 * signed state) instead of an error; cancel ends the call; accept completes.
 * `cancellable_export`: cancel ends with an isError result that explains the cancel; decline completes normally
 * ("skipped"); accept exports.
 */
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { errorResult, textResult, type ScenarioContext } from './context.ts';

interface AttemptState {
  attempt: number;
}

export function register(server: McpServer, ctx: ScenarioContext): void {
  server.registerTool(
    'ask_until_accept',
    {
      title: 'Ask until accepted (re-asks after decline)',
      description: 'Declining is answered with the same question again (attempt counter in the signed state).',
      inputSchema: z.object({}),
    },
    async (_args, sctx) => {
      const ask = async (attempt: number) =>
        inputRequired({
          inputRequests: {
            consent: inputRequired.elicit({
              mode: 'form',
              message:
                attempt === 1
                  ? 'Do you accept the terms of the mock service?'
                  : `You declined (attempt ${attempt - 1}). This tool asks again until you accept or cancel. Accept the terms?`,
              requestedSchema: {
                type: 'object',
                properties: {
                  accept_terms: { type: 'boolean', title: 'I accept the terms', default: true },
                  initials: { type: 'string', title: 'Your initials', minLength: 1, maxLength: 4 },
                },
                required: ['accept_terms'],
              },
            }),
          },
          requestState: await ctx.state.mintSigned<AttemptState>({ attempt }, sctx),
        });

      const state = sctx.mcpReq.requestState<AttemptState>();
      if (state === undefined) return ask(1);
      const answer = inputResponse(sctx.mcpReq.inputResponses, 'consent');
      if (answer.kind !== 'elicit') return ask(state.attempt);
      if (answer.action === 'cancel')
        return errorResult(`Cancelled after ${state.attempt} attempt(s); nothing accepted.`);
      if (answer.action === 'decline' || answer.content?.accept_terms !== true) return ask(state.attempt + 1);
      const initials = typeof answer.content.initials === 'string' ? ` by ${answer.content.initials}` : '';
      return textResult(`Terms accepted${initials} on attempt ${state.attempt}.`);
    },
  );

  server.registerTool(
    'cancellable_export',
    {
      title: 'Export (explains a cancel)',
      description: 'Asks for an export format; cancelling returns an isError result explaining the cancel.',
      inputSchema: z.object({ dataset: z.string().min(1).default('orders').meta({ title: 'Dataset' }) }),
    },
    async ({ dataset }, sctx) => {
      const answer = inputResponse(sctx.mcpReq.inputResponses, 'format');
      const state = sctx.mcpReq.requestState<{ dataset: string }>();
      if (state === undefined || answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            format: inputRequired.elicit({
              mode: 'form',
              message: `Export the ${dataset} dataset in which format?`,
              requestedSchema: {
                type: 'object',
                properties: {
                  format: { type: 'string', title: 'Format', enum: ['csv', 'json', 'parquet'], default: 'csv' },
                },
                required: ['format'],
              },
            }),
          },
          requestState: await ctx.state.mintSigned({ dataset }, sctx),
        });
      }
      if (answer.action === 'cancel') {
        return errorResult(
          `Export of ${dataset} cancelled: the user cancelled the format question, so nothing was exported and no file was written.`,
        );
      }
      if (answer.action === 'decline')
        return textResult(`Export of ${dataset} skipped: you declined to pick a format.`);
      const format = typeof answer.content?.format === 'string' ? answer.content.format : 'csv';
      return textResult(`Exported ${dataset} as ${format} (1,024 rows).`);
    },
  );
}
