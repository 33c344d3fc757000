/**
 * Registers every scenario of the main endpoint. One file per scenario (or per small family of tools).
 */
import type { McpServer } from '@modelcontextprotocol/server';
import type { RegisterScenario, ScenarioContext } from './context.ts';
import { register as approvePayment } from './approve-payment.ts';
import { register as askUntilAccept } from './ask-until-accept.ts';
import { register as configureService } from './configure-service.ts';
import { register as conformanceFixtures } from './conformance-fixtures.ts';
import { register as dualEraPitfall } from './dual-era-pitfall.ts';
import { register as headerTools } from './header-tools.ts';
import { register as largePayloads } from './large-payloads.ts';
import { register as legacyReference, registerSubscriptions } from './legacy-reference.ts';
import { register as listWorkspace } from './list-workspace.ts';
import { register as movingHeader, prepare as prepareMovingHeader } from './moving-header.ts';
import { register as planTrip } from './plan-trip.ts';
import { register as progressReport } from './progress-report.ts';
import { register as promptsResources } from './prompts-resources.ts';
import { register as provision } from './provision.ts';
import { register as referencePrompts } from './reference-prompts.ts';
import { register as referenceResources } from './reference-resources.ts';
import { register as referenceTools } from './reference-tools.ts';
import { register as rollingUpgrade } from './rolling-upgrade.ts';
import { register as signIn } from './sign-in.ts';
import { register as slowJob } from './slow-job.ts';
import { register as statelessFixtures } from './stateless-fixtures.ts';
import { register as summarizeText } from './summarize-text.ts';
import { register as samplingWithTools } from './sampling-with-tools.ts';
import { register as taskConformanceFixtures } from './task-conformance-fixtures.ts';
import { register as taskJobs } from './task-jobs.ts';
import { registerTaskMethods } from '../tasks/task-methods.ts';

/** In tools/list order: the demos first, then the conformance fixtures, then the suite's reference tools. */
const SCENARIOS: readonly RegisterScenario[] = [
  provision,
  configureService,
  rollingUpgrade,
  planTrip,
  summarizeText,
  samplingWithTools,
  listWorkspace,
  slowJob,
  signIn,
  askUntilAccept,
  progressReport,
  largePayloads,
  headerTools,
  movingHeader,
  approvePayment,
  dualEraPitfall,
  promptsResources,
  taskJobs,
  conformanceFixtures,
  statelessFixtures,
  referenceTools,
  referenceResources,
  referencePrompts,
  legacyReference,
  taskConformanceFixtures,
];

export function registerAllScenarios(server: McpServer, ctx: ScenarioContext): void {
  for (const register of SCENARIOS) register(server, ctx);
  registerTaskMethods(server, ctx.tasks);
  registerSubscriptions(server);
}

/** Brings a pooled instance up to date with the endpoint's state before it serves a request (moving-header.ts). */
export function prepareScenarios(server: McpServer, ctx: ScenarioContext): void {
  prepareMovingHeader(server, ctx);
}
