/**
 * Registers every scenario of the main endpoint. One file per scenario (or per small family of tools).
 */
import type { McpServer } from '@modelcontextprotocol/server';
import type { RegisterScenario, ScenarioContext } from './context.ts';
import { register as approvePayment } from './approve-payment.ts';
import { register as askUntilAccept } from './ask-until-accept.ts';
import { register as configureService } from './configure-service.ts';
import { register as conformanceFixtures } from './conformance-fixtures.ts';
import { register as headerTools } from './header-tools.ts';
import { register as listWorkspace } from './list-workspace.ts';
import { register as planTrip } from './plan-trip.ts';
import { register as progressReport } from './progress-report.ts';
import { register as promptsResources } from './prompts-resources.ts';
import { register as provision } from './provision.ts';
import { register as rollingUpgrade } from './rolling-upgrade.ts';
import { register as signIn } from './sign-in.ts';
import { register as slowJob } from './slow-job.ts';
import { register as summarizeText } from './summarize-text.ts';
import { register as taskConformanceFixtures } from './task-conformance-fixtures.ts';
import { register as taskJobs } from './task-jobs.ts';
import { registerTaskMethods } from '../tasks/task-methods.ts';

/** In tools/list order: the demos first, the conformance fixtures last. */
export const SCENARIOS: readonly RegisterScenario[] = [
  provision,
  configureService,
  rollingUpgrade,
  planTrip,
  summarizeText,
  listWorkspace,
  slowJob,
  signIn,
  askUntilAccept,
  progressReport,
  headerTools,
  approvePayment,
  promptsResources,
  taskJobs,
  conformanceFixtures,
  taskConformanceFixtures,
];

export function registerAllScenarios(server: McpServer, ctx: ScenarioContext): void {
  for (const register of SCENARIOS) register(server, ctx);
  registerTaskMethods(server, ctx.tasks);
}
