/**
 * Demo tools of the tasks extension (SEP-2663): long-running jobs that become tasks when the request opts in.
 * `deploy_release` asks once mid-way; `migrate_database` asks twice (two keys at different times);
 * `flaky_export` fails (status failed, error inline); `long_reindex` runs long enough to cancel; `book_venue` asks
 * by MRTR before the task exists; `render_video` reports its progress in `statusMessage` at every step.
 */
import { inputRequired, inputResponse, ProtocolError, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { registerTaskTool } from '../tasks/task-methods.ts';
import { errorResult, textResult, type ScenarioContext } from './context.ts';

const STEP_MS = 600;

const confirm = (message: string, title: string) =>
  inputRequired.elicit({
    mode: 'form',
    message,
    requestedSchema: {
      type: 'object',
      properties: { confirm: { type: 'boolean', title } },
      required: ['confirm'],
    },
  });

const accepted = (answers: Record<string, unknown>, key: string) => {
  const view = inputResponse(answers, key);
  return view.kind === 'elicit' && view.action === 'accept' ? (view.content ?? {}) : undefined;
};

export function register(server: McpServer, ctx: ScenarioContext): void {
  const store = ctx.tasks;

  registerTaskTool(server, store, 'deploy_release', {
    title: 'Deploy release (task, asks once)',
    description: 'A task: builds, then asks `approve_deploy` mid-way, then deploys. Opt into tasks to call it.',
    inputSchema: z.object({ version: z.string().default('v2.4.0').meta({ title: 'Version' }) }),
    taskSupport: 'required',
    job:
      ({ version }) =>
      async (job) => {
        job.progress(`Building ${version}`);
        await job.sleep(STEP_MS);
        job.progress(`Running tests for ${version}`);
        await job.sleep(STEP_MS);
        const answers = await job.ask(
          { approve_deploy: confirm(`Tests passed. Deploy ${version} to production?`, 'Deploy to production') },
          'Waiting for deploy approval',
        );
        const content = accepted(answers, 'approve_deploy');
        if (content?.confirm !== true) return errorResult(`Deploy of ${version} stopped: not approved.`);
        job.progress(`Deploying ${version}`);
        await job.sleep(STEP_MS);
        return textResult(`Deployed ${version} to production.`);
      },
  });

  registerTaskTool(server, store, 'migrate_database', {
    title: 'Migrate database (task, asks twice)',
    description: 'A task that asks `backup_window` first and, later, `confirm_cutover`: two keys at different times.',
    inputSchema: z.object({ database: z.string().default('orders').meta({ title: 'Database' }) }),
    taskSupport: 'required',
    job:
      ({ database }) =>
      async (job) => {
        job.progress(`Analysing ${database}`);
        await job.sleep(STEP_MS);
        const first = await job.ask(
          {
            backup_window: inputRequired.elicit({
              mode: 'form',
              message: `When should the backup of ${database} run?`,
              requestedSchema: {
                type: 'object',
                properties: { window: { type: 'string', title: 'Backup window', enum: ['now', 'tonight', 'weekend'] } },
                required: ['window'],
              },
            }),
          },
          'Waiting for a backup window',
        );
        const window = accepted(first, 'backup_window')?.window;
        if (typeof window !== 'string') return errorResult(`Migration of ${database} stopped: no backup window.`);
        job.progress(`Copying ${database} (backup: ${window})`);
        await job.sleep(STEP_MS);
        const second = await job.ask(
          { confirm_cutover: confirm(`Copy of ${database} done. Switch traffic to the new schema?`, 'Cut over') },
          'Waiting for cutover confirmation',
        );
        if (accepted(second, 'confirm_cutover')?.confirm !== true) {
          return errorResult(`Migration of ${database} rolled back: cutover not confirmed.`);
        }
        await job.sleep(STEP_MS);
        return textResult(`Migrated ${database} (backup ${window}, cutover confirmed).`);
      },
  });

  registerTaskTool(server, store, 'flaky_export', {
    title: 'Flaky export (task that fails)',
    description: 'A task that fails after a second with a protocol-level error (status failed, error inline).',
    inputSchema: z.object({ dataset: z.string().default('invoices').meta({ title: 'Dataset' }) }),
    taskSupport: 'required',
    job:
      ({ dataset }) =>
      async (job) => {
        job.progress(`Exporting ${dataset}`);
        await job.sleep(STEP_MS * 2);
        throw new ProtocolError(-32603, `Export worker crashed: disk quota exceeded while writing ${dataset}.csv`, {
          dataset,
        });
      },
  });

  registerTaskTool(server, store, 'long_reindex', {
    title: 'Long reindex (task to cancel)',
    description: 'A task that works for `steps` seconds (default 300), reporting each step: cancel it.',
    inputSchema: z.object({ steps: z.int().min(1).max(3600).default(300).meta({ title: 'Steps (seconds)' }) }),
    taskSupport: 'required',
    job:
      ({ steps }) =>
      async (job) => {
        for (let i = 1; i <= steps; i++) {
          job.progress(`Reindexed ${i} of ${steps} shards`);
          await job.sleep(1000);
        }
        return textResult(`Reindexed ${steps} shards.`);
      },
  });

  registerTaskTool(server, store, 'book_venue', {
    title: 'Book venue (MRTR, then a task)',
    description: 'Asks the date by MRTR before the task exists; the answer goes into the task, which books it.',
    inputSchema: z.object({ city: z.string().default('Lisbon').meta({ title: 'City' }) }),
    taskSupport: 'required',
    before: async ({ city }, sctx) => {
      if (typeof accepted(sctx.mcpReq.inputResponses ?? {}, 'event_date')?.date === 'string') return undefined;
      return inputRequired({
        inputRequests: {
          event_date: inputRequired.elicit({
            mode: 'form',
            message: `Which date should the venue in ${city} be booked for?`,
            requestedSchema: {
              type: 'object',
              properties: { date: { type: 'string', format: 'date', title: 'Date' } },
              required: ['date'],
            },
          }),
        },
      });
    },
    job: ({ city }, sctx) => {
      const date = String(accepted(sctx.mcpReq.inputResponses ?? {}, 'event_date')?.date);
      return async (job) => {
        job.progress(`Contacting venues in ${city}`);
        await job.sleep(STEP_MS * 2);
        return textResult(`Booked a venue in ${city} for ${date}.`);
      };
    },
  });

  registerTaskTool(server, store, 'render_video', {
    title: 'Render video (task with progress)',
    description: 'A task reporting its progress at every step in statusMessage ("Rendered 3 of 6 batches").',
    inputSchema: z.object({ batches: z.int().min(1).max(50).default(6).meta({ title: 'Batches' }) }),
    taskSupport: 'required',
    job:
      ({ batches }) =>
      async (job) => {
        for (let i = 1; i <= batches; i++) {
          await job.sleep(STEP_MS);
          job.progress(`Rendered ${i} of ${batches} batches`);
        }
        return textResult(`Rendered ${batches} batches.`);
      },
  });
}
