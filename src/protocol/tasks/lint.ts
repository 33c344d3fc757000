/**
 * Lint rules for the task wire (tasks extension, SEP-2663), client and server side, over a task's legs in order:
 * - `task-update-request-state`: a tasks/update carried `requestState` (tasks have none; it belongs to MRTR retries)
 * - `task-missing-mcp-name`: a tasks/get, tasks/update or tasks/cancel without `Mcp-Name: <taskId>`
 * - `task-key-reasked`: the server asked again for a key the client had already answered (keys are unique for the
 *   task's lifetime; a client dedupes, a server should not re-ask)
 * - `task-poll-too-fast`: a tasks/get sent sooner after the previous one than the pollIntervalMs the server asked
 * - `task-past-ttl`: a leg sent after the task's ttlMs had run out (the server may have forgotten it)
 * Pure: the caller gives each leg's facts.
 */
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
  /** keys the task asked in this leg's answer */
  askedKeys: string[];
  /** the pollIntervalMs / ttlMs the task carried in this leg's answer */
  pollIntervalMs?: number;
  ttlMs?: number | null;
}

export interface TaskFinding {
  rule:
    'task-update-request-state' | 'task-missing-mcp-name' | 'task-key-reasked' | 'task-poll-too-fast' | 'task-past-ttl';
  severity: 'error' | 'warning';
  /** index of the leg in the list given */
  index: number;
  message: string;
}

const TASK_METHODS = ['tasks/get', 'tasks/update', 'tasks/cancel'];

export function lintTaskLegs(legs: TaskLegFacts[]): TaskFinding[] {
  const out: TaskFinding[] = [];
  const answered = new Set<string>();
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
    for (const key of leg.askedKeys) {
      if (answered.has(key)) {
        out.push({
          rule: 'task-key-reasked',
          severity: 'warning',
          index,
          message: `the task asked again for "${key}", already answered: keys are unique for a task's lifetime (the client does not ask you twice)`,
        });
      }
    }
    for (const key of leg.answeredKeys) answered.add(key);
    if (leg.pollIntervalMs !== undefined) interval = leg.pollIntervalMs;
    if (leg.ttlMs !== undefined) {
      ttl = leg.ttlMs;
      createdAt ??= leg.sentAt;
    }
  });
  return out;
}
