/**
 * `progress_report`: emits `notifications/progress` (one per step, ~50 ms apart) on the request's SSE stream,
 * then completes. Always answered as `text/event-stream` (the endpoint routes this tool to an SSE-mode handler),
 * so a client sees a stream even when it sent no progressToken (then the stream carries only the result).
 * With `_meta["io.modelcontextprotocol/logLevel"]` set, it also logs each step (`notifications/message`).
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { textResult, type ScenarioContext } from './context.ts';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export function register(server: McpServer, _ctx: ScenarioContext): void {
  server.registerTool(
    'progress_report',
    {
      title: 'Progress report (SSE)',
      description:
        'Streams notifications/progress over SSE (send _meta.progressToken), ~50 ms apart, then completes. ' +
        'Logs each step too when _meta.io.modelcontextprotocol/logLevel is set.',
      inputSchema: z.object({
        steps: z.int().min(1).max(50).default(5).meta({ title: 'Steps' }),
        delayMs: z.int().min(0).max(2000).default(50).meta({ title: 'Delay between steps (ms)' }),
      }),
    },
    async ({ steps, delayMs }, sctx) => {
      const token = sctx.mcpReq._meta?.progressToken;
      const envelope = (sctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
      const logLevel = envelope['io.modelcontextprotocol/logLevel'];
      for (let step = 1; step <= steps; step++) {
        if (sctx.mcpReq.signal.aborted) break;
        if (token !== undefined) {
          await sctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, total: steps, message: `Step ${step} of ${steps}` },
          });
        }
        if (logLevel !== undefined) await sctx.mcpReq.log('info', `progress_report: step ${step} of ${steps}`);
        await sleep(delayMs, sctx.mcpReq.signal);
      }
      if (sctx.mcpReq.signal.aborted) return textResult(`Report aborted by the client.`);
      return textResult(
        `Report ready after ${steps} steps` +
          (token === undefined ? ' (no progressToken sent, so no progress events).' : '.'),
      );
    },
  );
}
