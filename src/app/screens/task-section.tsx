import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TaskPanel } from '../../features/tasks/task-panel.tsx';
import { declaresTasks, isTerminalStatus } from '../../protocol/tasks/wire.ts';
import { cancelsTasks } from '../../protocol/tasks/legacy-wire.ts';
import { connectedQuery } from '../../queries/connected-query.ts';
import { useQueryEnv } from '../../queries/query-env.ts';
import { discoverQuery } from '../../queries/server-queries.ts';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';
import { taskView } from '../../session/kinds/task/task-view.ts';

/**
 * The task panel of the selected conversation, when its calls created a task (tasks extension). When the server
 * declares the tasks extension, a running task's status notifications are listened for once (subscriptions/listen);
 * the acknowledgment says whether the server really offers them, and polling stays available either way.
 */
export function TaskSection({ conversationId }: { conversationId: string }) {
  const s = useInspector((st) => ({
    session: st.session,
    poll: st.taskPolls[conversationId],
    connectedUrl: st.connectedUrl,
    wanted: st.taskNotifications,
  }));
  const actions = useInspectorActions();
  const env = useQueryEnv();
  const discover = useQuery(connectedQuery(env, discoverQuery));
  const conversation = s.session.conversations[conversationId];
  const view = conversation ? taskView(s.session, conversation) : undefined;
  const running = view !== undefined && !isTerminalStatus(view.task.status);
  const offered = s.wanted && declaresTasks(discover.data?.capabilities) && !conversation?.task?.era;
  const sameServer = conversation?.serverUrl === s.connectedUrl;
  const listen = s.poll?.listen;
  // a 2025-11-25 server says whether it supports tasks/cancel (`capabilities.tasks.cancel`)
  const cancelUnavailable =
    conversation?.task?.era &&
    sameServer &&
    discover.data?.era === 'legacy' &&
    !cancelsTasks(discover.data.capabilities)
      ? 'Cancel is unavailable: this server does not declare tasks.cancel in its capabilities, so it does not support tasks/cancel (2025-11-25 tasks). The task runs until it ends or its TTL passes.'
      : undefined;
  useEffect(() => {
    if (running && offered && sameServer && listen === undefined) void actions.listenTask(conversationId);
  }, [running, offered, sameServer, listen, actions, conversationId]);
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
      terminal={!running}
      inFlight={Boolean(conversation.inFlight)}
      autoPolling={Boolean(s.poll?.auto)}
      {...(s.poll?.nextPollAt !== undefined ? { nextPollAt: s.poll.nextPollAt } : {})}
      {...(s.poll?.note ? { note: s.poll.note } : {})}
      source={view.source}
      notifications={view.notifications}
      {...(listen ? { listen } : {})}
      {...(s.poll?.listenNote ? { listenNote: s.poll.listenNote } : {})}
      now={Date.now}
      onPollNow={() => void actions.pollTaskNow(conversationId)}
      onAutoPoll={() => void actions.autoPollTask(conversationId)}
      onStopAutoPoll={() => actions.stopAutoPoll(conversationId)}
      onCancel={() => void actions.cancelTask(conversationId)}
      {...(cancelUnavailable ? { cancelUnavailable } : {})}
      onListen={() => void actions.listenTask(conversationId)}
      onStopListening={() => actions.stopListening(conversationId)}
      {...(view.era ? { era: view.era, answers: view.answers } : {})}
    />
  );
}
