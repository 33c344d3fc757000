/**
 * Listening for a task's status notifications (tasks extension, SEP-2663, over `subscriptions/listen`): open the
 * stream, read the acknowledgment (did the server agree to this task id?), hand every `notifications/tasks` about the
 * task to `onTask` as it arrives, and say how the stream ended. A plain async function: the sender (one long POST
 * whose SSE events are handed over as they arrive, resolving with the recorded exchange) is injected.
 */
import type { Exchange } from '../../protocol/exchange.ts';
import { readListenMessage } from '../../protocol/tasks/notifications.ts';
import type { TaskSnapshot } from '../../protocol/tasks/wire.ts';

export interface TaskListenDeps {
  taskId: string;
  /** sends the listen request; `onData` gets each SSE message event's data; resolves when the stream is over */
  open: (onData: (data: string) => void) => Promise<Exchange>;
  /** the server acknowledged the stream: `offered` = it agreed to notify about this task */
  onAck: (offered: boolean) => void;
  onTask: (task: TaskSnapshot) => void;
  /** a notification about this task that does not read as a task */
  onBadTask?: (reason: string) => void;
}

export type TaskListenEnd =
  /** the server ended the stream with the listen result (after the task was over, or at shutdown) */
  | { kind: 'ended'; exchange: Exchange; notifications: number }
  /** the server acknowledged no notifications for this task */
  | { kind: 'not-offered'; exchange: Exchange }
  /** the server answered the listen request with an error or a non-stream answer */
  | { kind: 'refused'; reason: string; exchange: Exchange }
  /** the stream broke off without the listen result */
  | { kind: 'dropped'; reason: string; exchange: Exchange; notifications: number }
  | { kind: 'aborted'; exchange: Exchange; notifications: number };

export async function listenForTask(deps: TaskListenDeps): Promise<TaskListenEnd> {
  let acknowledged: boolean | undefined;
  let notifications = 0;
  let ended: { error?: { code: number; message: string } } | undefined;
  const exchange = await deps.open((data) => {
    const m = readListenMessage(data);
    if (m.kind === 'ack' && acknowledged === undefined) {
      acknowledged = m.taskIds.includes(deps.taskId);
      deps.onAck(acknowledged);
    } else if (m.kind === 'task' && m.task.taskId === deps.taskId) {
      notifications += 1;
      deps.onTask(m.task);
    } else if (m.kind === 'bad-task') deps.onBadTask?.(m.reason);
    else if (m.kind === 'end') ended = m.error ? { error: m.error } : {};
  });
  if (exchange.failure?.kind === 'abort') return { kind: 'aborted', exchange, notifications };
  const response = exchange.response;
  if (!response) return { kind: 'refused', reason: exchange.failure?.message ?? 'no response', exchange };
  if (!response.contentType.toLowerCase().startsWith('text/event-stream')) {
    const error = (exchange.message as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    const reason =
      error && typeof error.code === 'number'
        ? `${error.code} ${String(error.message)}`
        : `HTTP ${response.status} ${response.contentType || 'without a content type'}`;
    return { kind: 'refused', reason, exchange };
  }
  if (ended?.error) return { kind: 'refused', reason: `${ended.error.code} ${ended.error.message}`, exchange };
  if (acknowledged === false) return { kind: 'not-offered', exchange };
  if (ended) return { kind: 'ended', exchange, notifications };
  const reason = exchange.failure?.message ?? 'the stream closed without the subscriptions/listen result';
  return { kind: 'dropped', reason, exchange, notifications };
}
