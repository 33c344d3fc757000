/**
 * Lint rules for the task wire (tasks extension, SEP-2663), client and server side, over a task's legs in order:
 * - `task-update-request-state`: a tasks/update carried `requestState` (tasks have none; it belongs to MRTR retries)
 * - `task-missing-mcp-name`: a tasks/get, tasks/update or tasks/cancel without `Mcp-Name: <taskId>`
 * - `task-key-reasked`: the server reused a key the client had already answered for another request (keys are unique
 *   for the task's lifetime). Listing an answered key again with the same request is no fault: the `tasks/update`
 *   ack is eventually consistent, so polls may show it until the server has taken the answer in (a client dedupes
 *   and polls on, as the official ext-tasks client does)
 * - `task-poll-too-fast`: a tasks/get sent sooner after the previous one than the pollIntervalMs the server asked
 * - `task-past-ttl`: a leg sent after the task's ttlMs had run out (the server may have forgotten it)
 * - `task-missing-field`: a task (a CreateTaskResult or a tasks/get answer) without a field the extension requires:
 *   `createdAt` and `lastUpdatedAt` (strings), `ttlMs` (a number, or null: kept indefinitely), and `inputRequests`
 *   when `input_required`. The inspector reads such a task anyway (an absent inputRequests as none).
 * Pure: the caller gives each leg's facts.
 */
import { isJsonObject, type JsonObject } from '../types.ts';

export interface TaskLegFacts {
  method: string;
  /** ms epoch the leg was sent */
  sentAt: number;
  /** the Mcp-Name header sent, if any */
  mcpName?: string;
  taskId?: string;
  sentRequestState: boolean;
  /** keys the leg answered (tasks/update, acknowledged or not) */
  answeredKeys: string[];
  /** what the task asked in this leg's answer: each key with its request as canonical JSON (to compare) */
  asked: { key: string; request: string }[];
  /** the pollIntervalMs / ttlMs the task carried in this leg's answer */
  pollIntervalMs?: number;
  ttlMs?: number | null;
  /** required task fields this leg's task lacked (`missingTaskFields`) */
  missingFields?: string[];
}

export interface TaskFinding {
  rule:
    | 'task-update-request-state'
    | 'task-missing-mcp-name'
    | 'task-key-reasked'
    | 'task-poll-too-fast'
    | 'task-past-ttl'
    | 'task-missing-field';
  severity: 'error' | 'warning';
  /** index of the leg in the list given */
  index: number;
  message: string;
}

const TASK_METHODS = ['tasks/get', 'tasks/update', 'tasks/cancel'];

/** The fields a task object (CreateTaskResult or DetailedTask) must carry and does not, in the order named. */
export function missingTaskFields(task: JsonObject): string[] {
  const missing: string[] = [];
  if (typeof task.createdAt !== 'string') missing.push('createdAt');
  if (typeof task.lastUpdatedAt !== 'string') missing.push('lastUpdatedAt');
  if (task.ttlMs !== null && typeof task.ttlMs !== 'number') missing.push('ttlMs');
  if (task.status === 'input_required' && !isJsonObject(task.inputRequests)) missing.push('inputRequests');
  return missing;
}

export function lintTaskLegs(legs: TaskLegFacts[]): TaskFinding[] {
  const out: TaskFinding[] = [];
  const answered = new Set<string>();
  // the request each key stood for when it was last asked (a Map: a key named "__proto__" is a key like any other)
  const requestOf = new Map<string, string>();
  const answeredRequest = new Map<string, string>();
  let interval: number | undefined;
  let ttl: number | null | undefined;
  let createdAt: number | undefined;
  let lastPollAt: number | undefined;
  legs.forEach((leg, index) => {
    if (TASK_METHODS.includes(leg.method)) {
      if (leg.mcpName === undefined || (leg.taskId !== undefined && leg.mcpName !== leg.taskId)) {
        out.push({
          rule: 'task-missing-mcp-name',
          severity: 'error',
          index,
          message: `${leg.method} must send Mcp-Name: ${leg.taskId ?? '<taskId>'}${leg.mcpName === undefined ? ' (none was sent)' : ` (sent: ${leg.mcpName})`}`,
        });
      }
      if (createdAt !== undefined && typeof ttl === 'number' && leg.sentAt > createdAt + ttl) {
        out.push({
          rule: 'task-past-ttl',
          severity: 'warning',
          index,
          message: `sent ${leg.sentAt - createdAt - ttl} ms after the task's ttlMs (${ttl} ms) ran out: the server may have dropped it`,
        });
      }
    }
    if (leg.missingFields?.length) {
      out.push({
        rule: 'task-missing-field',
        severity: 'error',
        index,
        message: `the task lacks ${leg.missingFields.join(', ')}: the tasks extension requires createdAt and lastUpdatedAt, ttlMs (a number, or null), and inputRequests when input_required`,
      });
    }
    if (leg.method === 'tasks/update' && leg.sentRequestState) {
      out.push({
        rule: 'task-update-request-state',
        severity: 'error',
        index,
        message: 'tasks/update carried requestState: tasks have none (it belongs to MRTR retries of tools/call)',
      });
    }
    if (leg.method === 'tasks/get') {
      if (lastPollAt !== undefined && interval !== undefined && leg.sentAt - lastPollAt < interval) {
        out.push({
          rule: 'task-poll-too-fast',
          severity: 'warning',
          index,
          message: `polled ${leg.sentAt - lastPollAt} ms after the previous poll; the server asked for ${interval} ms`,
        });
      }
      lastPollAt = leg.sentAt;
    }
    for (const { key, request } of leg.asked) {
      const before = answeredRequest.get(key);
      if (answered.has(key) && before !== undefined && before !== request) {
        out.push({
          rule: 'task-key-reasked',
          severity: 'warning',
          index,
          message: `the task reused "${key}", already answered, for another request: keys are unique for a task's lifetime (the client does not ask you twice)`,
        });
      }
      requestOf.set(key, request);
    }
    for (const key of leg.answeredKeys) {
      answered.add(key);
      const request = requestOf.get(key);
      if (request !== undefined && !answeredRequest.has(key)) answeredRequest.set(key, request);
    }
    if (leg.pollIntervalMs !== undefined) interval = leg.pollIntervalMs;
    if (leg.ttlMs !== undefined) {
      ttl = leg.ttlMs;
      createdAt ??= leg.sentAt;
    }
  });
  return out;
}
