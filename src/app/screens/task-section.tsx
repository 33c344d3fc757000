import { TaskPanel } from '../../features/tasks/task-panel.tsx';
import { isTerminalStatus } from '../../protocol/tasks/wire.ts';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';
import { taskView } from '../../session/task-view.ts';

/** The task panel of the selected conversation, when its calls created a task (tasks extension). */
export function TaskSection({ conversationId }: { conversationId: string }) {
  const s = useInspector((st) => ({ session: st.session, poll: st.taskPolls[conversationId] }));
  const actions = useInspectorActions();
  const conversation = s.session.conversations[conversationId];
  const view = conversation ? taskView(s.session, conversation) : undefined;
  if (!conversation || !view) return null;
  const { task } = view;
  return (
    <TaskPanel
      taskId={view.taskId}
      status={task.status}
      {...(task.statusMessage !== undefined ? { statusMessage: task.statusMessage } : {})}
      {...(task.pollIntervalMs !== undefined ? { pollIntervalMs: task.pollIntervalMs } : {})}
      {...(task.ttlMs !== undefined ? { ttlMs: task.ttlMs } : {})}
      createdAt={view.createdAt}
      polls={view.polls}
      updates={view.updates}
      answeredKeys={view.answeredKeys}
      terminal={isTerminalStatus(task.status)}
      inFlight={Boolean(conversation.inFlight)}
      autoPolling={Boolean(s.poll?.auto)}
      {...(s.poll?.nextPollAt !== undefined ? { nextPollAt: s.poll.nextPollAt } : {})}
      {...(s.poll?.note ? { note: s.poll.note } : {})}
      now={Date.now}
      onPollNow={() => void actions.pollTaskNow(conversationId)}
      onAutoPoll={() => void actions.autoPollTask(conversationId)}
      onStopAutoPoll={() => actions.stopAutoPoll(conversationId)}
      onCancel={() => void actions.cancelTask(conversationId)}
    />
  );
}
