/**
 * `progress_report`: emits `notifications/progress` (one per step, ~50 ms apart) on the request's SSE stream,
 * then completes. Always answered as `text/event-stream` (the endpoint routes this tool to an SSE-mode handler),
 * so a client sees a stream even when it sent no progressToken (then the stream carries only the result).
 * With `_meta["io.modelcontextprotocol/logLevel"]` set, it also logs each step (`notifications/message`).
 */
import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import type { Clock } from '../../clock.ts';
import { textResult, type ScenarioContext } from './context.ts';

/** Waits `ms`, or less when the client aborts (never rejects: the caller looks at the signal). */
const pause = (clock: Clock, ms: number, signal: AbortSignal) => clock.sleep(ms, signal).catch(() => {});

export interface ProgressStep {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * The one home of the mock's progress reporting (`progress_report` here, the suite's `test_tool_with_progress` in
 * reference-tools.ts): one `notifications/progress` per step, `delayMs` apart, when the request sent a
 * progressToken (none otherwise); `each` runs after each step's notification. False when the client aborted.
 */
export async function streamProgress(
  clock: Clock,
  sctx: ServerContext,
  steps: readonly ProgressStep[],
  delayMs: number,
  each?: (step: ProgressStep) => Promise<void>,
): Promise<boolean> {
  const token = sctx.mcpReq._meta?.progressToken;
  const signal = sctx.mcpReq.signal;
  for (const [i, step] of steps.entries()) {
    if (i > 0) await pause(clock, delayMs, signal);
    if (signal.aborted) return false;
    if (token !== undefined) {
      await sctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, ...step } });
    }
    await each?.(step);
  }
  return !signal.aborted;
}

export function register(server: McpServer, ctx: ScenarioContext): void {
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
      const plan = Array.from({ length: steps }, (_, i) => ({
        progress: i + 1,
        total: steps,
        message: `Step ${i + 1} of ${steps}`,
      }));
      const done = await streamProgress(ctx.clock, sctx, plan, delayMs, async (step) => {
        if (logLevel !== undefined) await sctx.mcpReq.log('info', `progress_report: step ${step.progress} of ${steps}`);
      });
      if (!done) return textResult(`Report aborted by the client.`);
      await pause(ctx.clock, delayMs, sctx.mcpReq.signal); // the last step takes its time too
      return textResult(
        `Report ready after ${steps} steps` +
          (token === undefined ? ' (no progressToken sent, so no progress events).' : '.'),
      );
    },
  );
}
