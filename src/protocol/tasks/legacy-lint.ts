/**
 * Lint of a 2025-11-25 task's legs (that revision's `basic/utilities/tasks`, TTL and Resource Management and
 * Associating Task-Related Messages): every task response (the CreateTaskResult, each `tasks/get` and `tasks/cancel`)
 * carries `createdAt` and `lastUpdatedAt`, a `tasks/get` carries the actual `ttl` (`null` for unlimited), and the
 * result `tasks/result` answers names its task in `_meta["io.modelcontextprotocol/related-task"]` (the result itself
 * holds no task id). All are MUSTs of the server. Pure.
 */
import { isJsonObject, type JsonObject } from '../types.ts';
import { LEGACY_SPEC, type LintFinding } from '../lint/lint-types.ts';
import { relatedTaskId } from './legacy-wire.ts';

/** What the rules read of one leg of the task's conversation. */
export interface LegacyTaskLegFacts {
  /** `tools/call` (the creating call), `tasks/get`, `tasks/cancel`, `tasks/result`, or a pushed request's method */
  method: string;
  /** the JSON-RPC result the leg got, when it got one */
  result?: JsonObject;
  /** the leg is a request the server pushed (not a response to the client) */
  pushed?: boolean;
}

/** A finding on the leg at `index` of the list given. */
export interface LegacyTaskFinding {
  index: number;
  finding: LintFinding;
}

function missingFields(task: JsonObject, method: string): string[] {
  const missing: string[] = [];
  if (typeof task.createdAt !== 'string') missing.push('createdAt');
  if (typeof task.lastUpdatedAt !== 'string') missing.push('lastUpdatedAt');
  if (method === 'tasks/get' && task.ttl !== null && typeof task.ttl !== 'number') missing.push('ttl');
  return missing;
}

/** The task a leg's result is (`tasks/get`, `tasks/cancel`) or holds (the CreateTaskResult's `task`). */
function taskOf(facts: LegacyTaskLegFacts): JsonObject | undefined {
  if (!facts.result || facts.pushed) return undefined;
  if (facts.method === 'tools/call') return isJsonObject(facts.result.task) ? facts.result.task : undefined;
  return facts.method === 'tasks/get' || facts.method === 'tasks/cancel' ? facts.result : undefined;
}

export function lintLegacyTaskLegs(legs: readonly LegacyTaskLegFacts[], taskId: string): LegacyTaskFinding[] {
  const out: LegacyTaskFinding[] = [];
  legs.forEach((facts, index) => {
    const task = taskOf(facts);
    const missing = task ? missingFields(task, facts.method) : [];
    if (missing.length) {
      out.push({
        index,
        finding: {
          rule: 'tasks-2025/missing-field',
          side: 'server',
          severity: 'error',
          message: `The task in this ${facts.method} answer lacks ${missing.map((f) => `"${f}"`).join(', ')}: a task response MUST carry createdAt and lastUpdatedAt (ISO 8601), and a tasks/get response the actual ttl (null for unlimited).`,
          spec: LEGACY_SPEC.taskLifetime,
        },
      });
    }
    if (facts.method === 'tasks/result' && !facts.pushed && facts.result) {
      const named = relatedTaskId(facts.result);
      if (named !== taskId) {
        out.push({
          index,
          finding: {
            rule: 'tasks-2025/result-related-task',
            side: 'server',
            severity: 'error',
            message:
              named === undefined
                ? `The tasks/result answer does not name its task: its result MUST carry _meta["io.modelcontextprotocol/related-task"] = {"taskId": "${taskId}"}, since the result itself holds no task id.`
                : `The tasks/result answer names task "${named}" in its related-task _meta, not "${taskId}", the task it was asked for.`,
            spec: LEGACY_SPEC.taskRelated,
          },
        });
      }
    }
  });
  return out;
}
