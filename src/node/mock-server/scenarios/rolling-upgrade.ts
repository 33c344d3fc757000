/**
 * `rolling_upgrade`: three rounds, one question each (target version, maintenance window, confirmation).
 * The signed requestState carries the answers so far and changes every round; an answered question is never
 * asked again. A retry without the current answer repeats the current question with the same state.
 */
import { inputRequired, inputResponse, type InputRequest, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { errorResult, textResult, type ScenarioContext } from './context.ts';

const UPGRADE_VERSIONS = [
  { const: '1.29.4', title: '1.29.4 (patch, low risk)' },
  { const: '1.30.2', title: '1.30.2 (minor)' },
  { const: '1.31.0', title: '1.31.0 (latest, new features)' },
] as const;

interface UpgradeState {
  round: 1 | 2 | 3;
  version?: string;
  window?: string;
}

const STEP_KEYS = { 1: 'target_version', 2: 'maintenance_window', 3: 'confirm' } as const;
const STEP_NAMES = { 1: 'target version', 2: 'maintenance window', 3: 'confirmation' } as const;

function question(cluster: string, state: UpgradeState): InputRequest {
  switch (state.round) {
    case 1:
      return inputRequired.elicit({
        mode: 'form',
        message: `Round 1 of 3: which version should ${cluster} be upgraded to?`,
        requestedSchema: {
          type: 'object',
          properties: {
            version: { type: 'string', title: 'Target version', oneOf: UPGRADE_VERSIONS.map((v) => ({ ...v })) },
          },
          required: ['version'],
        },
      });
    case 2:
      return inputRequired.elicit({
        mode: 'form',
        message: `Round 2 of 3: when should the maintenance window for ${cluster} (upgrade to ${state.version}) start?`,
        requestedSchema: {
          type: 'object',
          properties: {
            window_start: { type: 'string', title: 'Window start', format: 'date-time' },
          },
          required: ['window_start'],
        },
      });
    case 3:
      return inputRequired.elicit({
        mode: 'form',
        message: `Round 3 of 3: upgrade ${cluster} to ${state.version} in the window starting ${state.window}?`,
        requestedSchema: {
          type: 'object',
          properties: {
            confirm: { type: 'boolean', title: 'Yes, schedule the upgrade', default: false },
          },
          required: ['confirm'],
        },
      });
  }
}

const versionAnswer = z.object({ version: z.enum(UPGRADE_VERSIONS.map((v) => v.const)) });
const windowAnswer = z.object({ window_start: z.string().min(1) });
const confirmAnswer = z.object({ confirm: z.boolean() });

export function register(server: McpServer, ctx: ScenarioContext): void {
  server.registerTool(
    'rolling_upgrade',
    {
      title: 'Rolling upgrade (three rounds)',
      description:
        'Three rounds, one question each: target version, maintenance window (date-time), confirmation. ' +
        'The signed requestState carries earlier answers and changes every round.',
      inputSchema: z.object({ cluster: z.string().min(1).default('prod-eu').meta({ title: 'Cluster' }) }),
    },
    async ({ cluster }, sctx) => {
      const ask = async (state: UpgradeState) =>
        inputRequired({
          inputRequests: { [STEP_KEYS[state.round]]: question(cluster, state) },
          requestState: await ctx.state.mintSigned<UpgradeState>(state, sctx),
        });

      const state = sctx.mcpReq.requestState<UpgradeState>();
      if (state === undefined) return ask({ round: 1 });

      const answer = inputResponse(sctx.mcpReq.inputResponses, STEP_KEYS[state.round]);
      if (answer.kind !== 'elicit') return ask(state); // missing: ask the same question again
      if (answer.action !== 'accept') {
        return errorResult(
          `Upgrade aborted in round ${state.round} (${STEP_NAMES[state.round]}): the user chose ${answer.action}. Nothing was scheduled.`,
        );
      }

      switch (state.round) {
        case 1: {
          const parsed = versionAnswer.safeParse(answer.content);
          if (!parsed.success) return ask(state);
          return ask({ round: 2, version: parsed.data.version });
        }
        case 2: {
          const parsed = windowAnswer.safeParse(answer.content);
          if (!parsed.success) return ask(state);
          return ask({ round: 3, version: state.version, window: parsed.data.window_start });
        }
        case 3: {
          const parsed = confirmAnswer.safeParse(answer.content);
          if (!parsed.success) return ask(state);
          if (!parsed.data.confirm) {
            return errorResult(
              `Upgrade of ${cluster} to ${state.version} (window ${state.window}) was not confirmed. Nothing was scheduled.`,
            );
          }
          return textResult(
            `Rolling upgrade of ${cluster} scheduled: version ${state.version}, maintenance window starting ` +
              `${state.window}, confirmed: yes.`,
          );
        }
      }
    },
  );
}
