/**
 * The task of a conversation (tasks extension): its id and status, the server's status message, poll interval and
 * TTL, how many polls and updates went out, which keys were already answered (never asked again), and the controls:
 * "Poll now", automatic polling with a countdown to the next poll ("Auto-poll" / "Stop polling"), "Cancel task", and
 * the status notification stream ("Listen for notifications" / "Stop listening"; a status a notification brought is
 * marked "updated by notification").
 * A 2025-11-25 task (`era`) shows the same panel without the notification stream (that era has none to open: its
 * notifications/tasks/status arrive on the session's streams and are counted), and counts the answers given on its
 * tasks/result stream instead of updates.
 * Props in, callbacks out; every string from the server is rendered as text.
 */
import { useTickingClock } from '../../lib/use-ticking-clock.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { TASK_POLL_FLOOR_MS } from '../../protocol/tasks/wire.ts';

export interface TaskPanelProps {
  taskId: string;
  status: string;
  statusMessage?: string;
  pollIntervalMs?: number;
  ttlMs?: number | null;
  /** ms epoch of the creating call, for the TTL countdown */
  createdAt: number;
  polls: number;
  updates: number;
  answeredKeys: string[];
  terminal: boolean;
  inFlight: boolean;
  autoPolling: boolean;
  /** ms epoch of the next automatic poll */
  nextPollAt?: number;
  note?: string;
  /** where the status shown came from: a leg's answer or a status notification */
  source: 'leg' | 'notification';
  /** status notifications received */
  notifications: number;
  /** the status notification stream */
  listen?: 'connecting' | 'listening' | 'not-offered' | 'ended' | 'dropped' | 'stopped';
  listenNote?: string;
  now: () => number;
  onPollNow: () => void;
  onAutoPoll: () => void;
  onStopAutoPoll: () => void;
  onCancel: () => void;
  /** why "Cancel task" cannot be used (the server does not offer tasks/cancel): the button is disabled and says so */
  cancelUnavailable?: string;
  onListen: () => void;
  onStopListening: () => void;
  /**
   * the protocol era whose tasks these are, when not the 2026-07-28 tasks extension: "2025-11-25" (task-augmented
   * calls; the task's requests and result come on tasks/result, there is no notification stream to listen on)
   */
  era?: string;
  /** 2025-11-25: requests pushed on tasks/result that were answered */
  answers?: number;
}

function listenText(p: TaskPanelProps): string {
  const n = `${p.notifications} received`;
  switch (p.listen) {
    case 'connecting':
      return 'opening subscriptions/listen…';
    case 'listening':
      return `listening on subscriptions/listen (${n})`;
    case 'not-offered':
      return `not offered by the server: polling only${p.listenNote ? `. ${p.listenNote}` : ''}`;
    case 'ended':
    case 'dropped':
    case 'stopped':
      return `${p.listenNote ?? 'stream ended'} (${n})`;
    default:
      return p.notifications > 0 ? `not listening (${n})` : 'not listening';
  }
}

const seconds = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;

export function TaskPanel(p: TaskPanelProps) {
  const ticking = p.autoPolling && p.nextPollAt !== undefined;
  const tick = useTickingClock(200, { enabled: ticking, now: p.now });
  const t = ticking ? tick : p.now();
  const tone =
    p.status === 'completed' ? 'good' : p.status === 'failed' ? 'bad' : p.status === 'cancelled' ? 'warn' : 'info';
  const ttlLeft = typeof p.ttlMs === 'number' ? p.createdAt + p.ttlMs - p.now() : undefined;
  return (
    <Panel label="Task" title={`Task ${p.taskId}`}>
      <div className="space-y-2 p-3 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          {p.era && <Badge tone="info">{p.era} task</Badge>}
          <Badge tone={tone}>{p.status}</Badge>
          {p.statusMessage && <span data-testid="task-status-message">{p.statusMessage}</span>}
          {p.source === 'notification' && <Badge tone="info">updated by notification</Badge>}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-600">
          <dt>Poll interval</dt>
          <dd>
            {p.pollIntervalMs === undefined
              ? 'not given (1 s used)'
              : p.pollIntervalMs < TASK_POLL_FLOOR_MS
                ? `${p.pollIntervalMs} ms (from the server; the ${TASK_POLL_FLOOR_MS} ms floor is used)`
                : `${p.pollIntervalMs} ms (from the server)`}
          </dd>
          <dt>TTL</dt>
          <dd>
            {p.ttlMs === null
              ? 'kept indefinitely'
              : ttlLeft !== undefined
                ? `${p.ttlMs} ms${ttlLeft < 0 ? ' (expired: the server may have forgotten it)' : ''}`
                : 'not given'}
          </dd>
          <dt>Legs</dt>
          <dd>
            {p.era
              ? `${p.polls} poll(s), ${p.answers ?? 0} answer(s) on tasks/result`
              : `${p.polls} poll(s), ${p.updates} update(s)`}
          </dd>
          {!p.era && (
            <>
              <dt>Notifications</dt>
              <dd data-testid="task-notifications">{listenText(p)}</dd>
            </>
          )}
          {p.era && p.notifications > 0 && (
            <>
              <dt>Notifications</dt>
              <dd>{p.notifications} notifications/tasks/status received</dd>
            </>
          )}
          {p.answeredKeys.length > 0 && (
            <>
              <dt>Answered</dt>
              <dd aria-label="Answered keys">
                {p.answeredKeys.map((k) => (
                  <span key={k} className="mr-1">
                    <Badge tone="good">{k}: answered</Badge>
                  </span>
                ))}
              </dd>
            </>
          )}
        </dl>
        {!p.terminal && (
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="primary" aria-disabled={p.inFlight} onClick={() => !p.inFlight && p.onPollNow()}>
              Poll now
            </Button>
            {p.autoPolling ? (
              <Button onClick={p.onStopAutoPoll}>Stop polling</Button>
            ) : (
              <Button onClick={p.onAutoPoll}>Auto-poll</Button>
            )}
            <Button
              variant="danger"
              aria-disabled={p.cancelUnavailable !== undefined || undefined}
              aria-describedby={p.cancelUnavailable !== undefined ? `task-cancel-${p.taskId}` : undefined}
              onClick={() => p.cancelUnavailable === undefined && p.onCancel()}
            >
              Cancel task
            </Button>
            {p.era ? null : p.listen === 'listening' || p.listen === 'connecting' ? (
              <Button onClick={p.onStopListening}>Stop listening</Button>
            ) : (
              <Button onClick={p.onListen}>Listen for notifications</Button>
            )}
            {p.autoPolling && p.nextPollAt !== undefined && (
              <span role="timer" aria-label="Next poll" className="text-xs text-slate-600">
                next poll in {seconds(p.nextPollAt - t)}
              </span>
            )}
          </div>
        )}
        {!p.terminal && p.cancelUnavailable !== undefined && (
          <p id={`task-cancel-${p.taskId}`} className="text-xs text-slate-600">
            {p.cancelUnavailable}
          </p>
        )}
        {p.note && (
          <p role="status" className="text-xs text-slate-700">
            {p.note}
          </p>
        )}
      </div>
    </Panel>
  );
}
