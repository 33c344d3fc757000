/**
 * `slow_job`: state-only `input_required` legs ("not done yet, come back"): no inputRequests, just a signed
 * requestState holding a poll counter. Answers `steps` times like that, then completes.
 */
import { inputRequired, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { textResult, type ScenarioContext } from './context.ts';

interface JobState {
  polls: number;
  steps: number;
}

export function register(server: McpServer, ctx: ScenarioContext): void {
  server.registerTool(
    'slow_job',
    {
      title: 'Slow job (state-only polls)',
      description:
        'Answers `steps` times with a state-only input_required (no inputRequests, poll counter in the signed ' +
        'state); the client retries with the state until the job finishes.',
      inputSchema: z.object({ steps: z.int().min(0).max(50).default(3).meta({ title: 'Polls before done' }) }),
    },
    async ({ steps }, sctx) => {
      const state = sctx.mcpReq.requestState<JobState>();
      const polls = state?.polls ?? 0;
      if (polls >= steps) return textResult(`Job finished after ${polls} polls`);
      return inputRequired({
        requestState: await ctx.state.mintSigned<JobState>({ polls: polls + 1, steps }, sctx),
      });
    },
  );
}
