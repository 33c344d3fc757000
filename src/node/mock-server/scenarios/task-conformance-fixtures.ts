/**
 * Fixtures the conformance suite's `tasks-*` server scenarios call by name (SEP-2663): `greet` (sync only),
 * `slow_compute`, `failing_job`, `protocol_error_job`, `confirm_delete`, `multi_input` and `test_tool_with_task`
 * (MRTR before the task). Run them with `npm run test:conformance -- tasks-lifecycle` (or another `tasks-*` name).
 */
import { inputRequired, inputResponse, ProtocolError, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { registerTaskTool } from '../tasks/task-methods.ts';
import { errorResult, textResult, type ScenarioContext } from './context.ts';

const confirmSchema = (what: string) => ({
  type: 'object' as const,
  properties: {
    confirm: { type: 'boolean' as const, title: `Confirm ${what}` },
    name: { type: 'string' as const, title: 'Name' },
  },
  required: ['confirm'],
});

export function register(server: McpServer, ctx: ScenarioContext): void {
  const store = ctx.tasks;
  server.registerTool(
    'greet',
    {
      description: 'Tasks conformance: sync only, returns "Hello, <name>!"',
      inputSchema: z.object({ name: z.string() }),
    },
    async ({ name }) => textResult(`Hello, ${name}!`),
  );

  registerTaskTool(server, store, 'slow_compute', {
    description: 'Tasks conformance: sleeps `seconds` then returns a result (a task when the request opts in)',
    inputSchema: z.object({ seconds: z.number().min(0).max(600).default(1), label: z.string().default('compute') }),
    taskSupport: 'optional',
    job:
      ({ seconds, label }) =>
      async (job) => {
        for (let s = 0; s < seconds; s++) {
          job.progress(`${label}: ${s} of ${seconds} s`);
          await job.sleep(1000);
        }
        return textResult(`${label}: computed after ${seconds} s`);
      },
  });

  registerTaskTool(server, store, 'failing_job', {
    description: 'Tasks conformance: task support required; ends with a tool execution error after ~1 s',
    inputSchema: z.object({}),
    taskSupport: 'required',
    job: () => async (job) => {
      await job.sleep(1000);
      return errorResult('failing_job: the job ran and reported an error');
    },
  });

  registerTaskTool(server, store, 'protocol_error_job', {
    description: 'Tasks conformance: fails with a protocol-level error (status failed, error inline)',
    inputSchema: z.object({}),
    taskSupport: 'required',
    job: () => async (job) => {
      await job.sleep(300);
      throw new ProtocolError(-32603, 'protocol_error_job: the worker crashed');
    },
  });

  registerTaskTool(server, store, 'confirm_delete', {
    description: 'Tasks conformance: asks one confirmation (elicitation) mid-task, then completes',
    inputSchema: z.object({ filename: z.string().default('report.txt') }),
    taskSupport: 'required',
    job:
      ({ filename }) =>
      async (job) => {
        const answers = await job.ask({
          confirm_delete: inputRequired.elicit({
            mode: 'form',
            message: `Delete ${filename}?`,
            requestedSchema: confirmSchema('delete'),
          }),
        });
        const view = inputResponse(answers, 'confirm_delete');
        if (view.kind === 'elicit' && view.action === 'accept' && view.content?.confirm === true) {
          return textResult(`Deleted ${filename}`);
        }
        return errorResult(`Not deleted: ${filename} (not confirmed)`);
      },
  });

  registerTaskTool(server, store, 'multi_input', {
    description: 'Tasks conformance: asks two elicitations at once; completes when both are answered',
    inputSchema: z.object({}),
    taskSupport: 'required',
    job: () => async (job) => {
      const answers = await job.ask({
        first_input: inputRequired.elicit({
          mode: 'form',
          message: 'First input',
          requestedSchema: confirmSchema('first'),
        }),
        second_input: inputRequired.elicit({
          mode: 'form',
          message: 'Second input',
          requestedSchema: confirmSchema('second'),
        }),
      });
      return textResult(`Both inputs received: ${Object.keys(answers).join(', ')}`);
    },
  });

  registerTaskTool(server, store, 'test_tool_with_task', {
    description: 'Tasks conformance: asks user_name by MRTR before the task exists, then the task greets them',
    inputSchema: z.object({}),
    taskSupport: 'required',
    before: async (_args, sctx) => {
      const view = inputResponse(sctx.mcpReq.inputResponses, 'user_name');
      if (view.kind === 'elicit' && view.action === 'accept' && typeof view.content?.name === 'string')
        return undefined;
      return inputRequired({
        inputRequests: {
          user_name: inputRequired.elicit({
            mode: 'form',
            message: 'What is your name?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          }),
        },
      });
    },
    job: (_args, sctx) => {
      const view = inputResponse(sctx.mcpReq.inputResponses, 'user_name');
      const name = view.kind === 'elicit' ? String(view.content?.name ?? '') : '';
      return async (job) => {
        await job.sleep(300);
        return textResult(`Hello, ${name}! (from a task)`);
      };
    },
  });
}
