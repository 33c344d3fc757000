/**
 * What `npm run test:conformance` runs on the server side: data only (the runner is server-runner.ts).
 *
 * A run is one target URL at one wire revision: the server scenarios of a frozen requirement set (the suite's
 * `requirements/<revision>.yaml`) plus extra scenarios scored the same way. Adding a revision or a scenario is one
 * line, e.g.
 *
 *   { label: '2025-11-25', url: ({ mock }) => `${mock.url}/<legacy endpoint>`, requirements: '2025-11-25' },
 *   { ..., extra: ['json-schema-2020-12', ...TASKS_SCENARIOS] },
 */
import type { DemoInNode } from '../../src/node/mock-server/in-page/serve-in-node.ts';
import type { MockServerHandle } from '../../src/node/mock-server/start.ts';
import type { Justification } from './server-verdict.ts';

/**
 * The servers under test, started once for the whole run: the Node mock, and the page's demo server (the module
 * the service worker runs, mounted in Node under a sub-path: in-page/serve-in-node.ts).
 */
export interface ConformanceTargets {
  mock: MockServerHandle;
  demo: DemoInNode;
}

export interface ServerRun {
  /** Shown on every line of the run. */
  label: string;
  /** The MCP endpoint under test; the servers are started on ephemeral ports for the whole run. */
  url: (targets: ConformanceTargets) => string;
  /** Requirement set whose server scenarios must pass (run with `--requirements`, at that revision's wire). */
  requirements?: string;
  /** Wire revision of the extra scenarios; defaults to `requirements`. */
  specVersion?: string;
  /** Scenarios beyond the set (pending, extension, ...): scored exactly like the required ones. */
  extra?: readonly string[];
}

/** The tasks extension (SEP-2663): not scored by the suite (an extension), run and scored here anyway. */
const TASKS_SCENARIOS = [
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  // tasks-status-notifications is left out: the suite runs 0 checks there (its one check is SKIPPED "pending
  // subscriptions/listen rewrite"), and a run of 0 checks proves nothing (the runner fails it).
  'tasks-required-task-error',
  'tasks-mrtr-composition',
] as const;

export const SERVER_RUNS: readonly ServerRun[] = [
  {
    label: '2026-07-28',
    url: ({ mock }) => mock.mcpUrl,
    requirements: '2026-07-28',
    extra: ['json-schema-2020-12', ...TASKS_SCENARIOS],
  },
  {
    // the same URL: the mock serves 2025-11-25 sessions beside the stateless 2026 path (legacy-sessions.ts)
    label: '2025-11-25',
    url: ({ mock }) => mock.mcpUrl,
    requirements: '2025-11-25',
  },
  {
    // the same module the page's service worker runs (WebCrypto, under a sub-path): the demo is the real mock
    label: 'in-page demo 2026-07-28',
    url: ({ demo }) => demo.mcpUrl,
    requirements: '2026-07-28',
  },
];

/** Warnings and skips accepted on purpose. Any other WARNING or SKIPPED check fails its scenario. */
export const JUSTIFIED: readonly Justification[] = [
  {
    scenario: 'tools-list',
    check: 'tools-name-format',
    status: 'WARNING',
    reason:
      'café_order has a non-ASCII name on purpose: it shows the Mcp-Name =?base64?…?= encoding; ' +
      'the tool-name character rule is a SHOULD',
  },
];
