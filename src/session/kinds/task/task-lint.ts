/** The task wire's lint rules (protocol/tasks/lint.ts) over a task conversation's legs, as lint findings. */
import { headerValue } from '../../../protocol/exchange.ts';
import type { LintFinding } from '../../../protocol/lint/lint-types.ts';
import { isJsonObject, type InputRequests } from '../../../protocol/types.ts';
import { lintTaskLegs, missingTaskFields, type TaskLegFacts } from '../../../protocol/tasks/lint.ts';
import { lintLegacyTaskLegs } from '../../../protocol/tasks/legacy-lint.ts';
import type { Conversation, Leg, SessionState } from '../../model.ts';

const SIDE: Record<string, LintFinding['side']> = {
  'task-update-request-state': 'client',
  'task-missing-mcp-name': 'client',
  'task-key-reasked': 'server',
  'task-poll-too-fast': 'client',
  'task-past-ttl': 'client',
  'task-missing-field': 'server',
};

/** JSON with every object's keys in order, so two requests that differ only in key order compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isJsonObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

function asked(requests: InputRequests): TaskLegFacts['asked'] {
  return Object.entries(requests).map(([key, request]) => ({ key, request: canonical(request) }));
}

function facts(c: Conversation, leg: Leg): TaskLegFacts {
  const method = leg.sent.method ?? c.method;
  const o = leg.outcome;
  const out: TaskLegFacts = {
    method,
    sentAt: leg.exchange.startedAt,
    sentRequestState: leg.sent.requestState !== undefined,
    answeredKeys: method === 'tasks/update' ? leg.sent.answeredKeys : [],
    asked: o.kind === 'task' ? asked(o.task.inputRequests ?? {}) : [],
  };
  const name = headerValue(leg.exchange.request.headers, 'Mcp-Name');
  if (name !== undefined) out.mcpName = name;
  if (c.task) out.taskId = c.task.taskId;
  if (o.kind === 'task') {
    if (o.task.pollIntervalMs !== undefined) out.pollIntervalMs = o.task.pollIntervalMs;
    if (o.task.ttlMs !== undefined) out.ttlMs = o.task.ttlMs;
    const missing = missingTaskFields(o.result);
    if (missing.length) out.missingFields = missing;
  }
  return out;
}

/** A 2025-11-25 task's findings per leg id: that era's own rules (protocol/tasks/legacy-lint.ts). */
function legacyTaskLint(c: Conversation, legs: Leg[], taskId: string): { legId: string; finding: LintFinding }[] {
  const facts = legs.map((leg) => {
    const o = leg.outcome;
    const result = o.kind === 'task' || o.kind === 'complete' ? o.result : undefined;
    return {
      method: leg.sent.method ?? c.method,
      ...(result ? { result } : {}),
      ...(leg.pushed ? { pushed: true } : {}),
    };
  });
  return lintLegacyTaskLegs(facts, taskId).map((f) => ({ legId: legs[f.index]!.id, finding: f.finding }));
}

/**
 * Task findings per leg id (empty for a conversation without a task). A 2025-11-25 task has that era's rules: the
 * extension's below do not apply to its wire (no Mcp-Name, `ttl` and `pollInterval`).
 */
export function taskLint(state: SessionState, c: Conversation): { legId: string; finding: LintFinding }[] {
  if (!c.task) return [];
  const legs = c.legIds.map((id) => state.legs[id]).filter((l): l is Leg => Boolean(l));
  if (c.task.era) return legacyTaskLint(c, legs, c.task.taskId);
  return lintTaskLegs(legs.map((leg) => facts(c, leg))).map((f) => ({
    legId: legs[f.index]!.id,
    finding: {
      rule: `tasks/${f.rule}`,
      side: SIDE[f.rule] ?? 'client',
      severity: f.severity,
      message: f.message,
      spec: {
        page: 'extensions/tasks (SEP-2663)',
        section: 'Tasks',
        url: 'https://modelcontextprotocol.io/seps/2663-tasks-extension',
      },
    },
  }));
}
