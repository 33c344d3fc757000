/**
 * Task actions (tasks extension): poll a task now, poll it automatically (`session/flows/task-polling.ts`, with the
 * wait shown as a countdown), cancel it. Each sends one leg recorded in the task's conversation like any other;
 * answers go back through the conversation's draft (a tasks/update, sent by `sendDraft`).
 */
import type { StateCreator } from 'zustand';
import type { LegContext } from './leg-context.ts';
import { legSenderFor } from './leg-senders.ts';
import { newId } from '../lib/ids.ts';
import { sleep } from '../lib/sleep.ts';
import { isTerminalStatus, type TaskSnapshot } from '../protocol/tasks/wire.ts';
import { composeTaskLeg } from '../session/kinds/task/compose-task-leg.ts';
import { listenForTask, type TaskListenEnd } from '../session/flows/task-listen.ts';
import { pollTask } from '../session/flows/task-polling.ts';
import { taskView } from '../session/kinds/task/task-view.ts';
import { outcomeSummary } from '../session/selectors.ts';
import type { InspectorDeps, InspectorState } from './inspector-store.ts';
import { LEGACY_PROTOCOL_VERSION } from '../protocol/types.ts';
import { followLegacyTask } from '../session/flows/legacy-task-follow.ts';
import { isLegacyTask, legacyTaskNotice } from '../session/kinds/legacy-task/legacy-task-legs.ts';
import type { OpenLegacyCalls } from '../session/flows/send-legacy-draft.ts';
import type { ClientCapabilities } from '../protocol/types.ts';
import type { SessionEvent } from '../session/events.ts';
import type { Conversation, SessionState } from '../session/model.ts';
import type { LegacyLegDeps } from '../session/flows/send-legacy-draft.ts';
import type { EraConnections } from '../client/legacy/era-connections.ts';
import type { LegacySession } from '../client/legacy/legacy-session.ts';

/**
 * What sends a 2025-11-25 task's legs (the session's wire, and what its steps become) loads with its first one: a
 * 2026-07-28 server's tasks never need it.
 */
const loadLegacyTaskLegs = async () => {
  const [legs, { sessionCalls }] = await Promise.all([
    import('../session/flows/send-legacy-task-legs.ts'),
    import('../client/legacy/session-calls.ts'),
  ]);
  return { ...legs, sessionCalls };
};
type LegacyTaskLegs = Awaited<ReturnType<typeof loadLegacyTaskLegs>>;

/** The 2025-11-25 session a task's legs go over. */
interface LegacyTarget {
  session: LegacySession;
  eras: EraConnections;
}

/** What the Task panel says once a 2025-11-25 task's tasks/result is open. */
const LEGACY_RESULT_NOTE =
  'tasks/result is open: the requests the task needs arrive on its stream (answer them in the composer), then its result.';

interface TaskPollState {
  /** automatic polling is on */
  auto: boolean;
  /** ms epoch of the next automatic poll, while waiting */
  nextPollAt?: number;
  /** why automatic polling stopped */
  note?: string;
  /** the task's status notification stream (subscriptions/listen) */
  listen?: 'connecting' | 'listening' | 'not-offered' | 'ended' | 'dropped' | 'stopped';
  /** what the stream's end means, in words */
  listenNote?: string;
}

export interface TaskSlice {
  /** per task conversation (transient: never saved) */
  taskPolls: Record<string, TaskPollState>;
  /** one tasks/get now */
  pollTaskNow: (conversationId: string) => Promise<TaskSnapshot | string>;
  /** poll until the task needs the user, ends, or the user stops it */
  autoPollTask: (conversationId: string) => Promise<void>;
  stopAutoPoll: (conversationId: string) => void;
  cancelTask: (conversationId: string) => Promise<void>;
  /** open the task's status notification stream (once per conversation while it runs); polling stays available */
  listenTask: (conversationId: string) => Promise<void>;
  stopListening: (conversationId: string) => void;
}

/**
 * What the task slice is given of the others (store/flows/store-flows.ts wires them): the session its legs are
 * recorded in, the capabilities a leg declares when its conversation names none, and each leg's context.
 */
export interface TaskLinks {
  session: () => SessionState;
  dispatch: (event: SessionEvent) => void;
  capabilities: () => ClientCapabilities;
  /** the conversation's own server, settings and transport (store/leg-context.ts) */
  legContext: (conversation: Conversation) => LegContext;
}

function listenEnd(end: TaskListenEnd): Partial<TaskPollState> {
  switch (end.kind) {
    case 'ended':
      return {
        listen: 'ended',
        listenNote: `The server ended the notification stream after ${end.notifications} notification(s).`,
      };
    case 'not-offered':
      return { listen: 'not-offered', listenNote: 'The server acknowledged no notifications for this task: poll it.' };
    case 'refused':
      return { listen: 'not-offered', listenNote: `The server refused subscriptions/listen (${end.reason}): poll it.` };
    case 'dropped':
      return {
        listen: 'dropped',
        listenNote: `The notification stream broke off (${end.reason}): polling takes over.`,
      };
    case 'aborted':
      return { listen: 'stopped', listenNote: 'You stopped listening.' };
  }
}

export const createTaskSlice =
  (
    deps: InspectorDeps,
    openCalls: OpenLegacyCalls,
    links: TaskLinks,
  ): StateCreator<InspectorState, [], [], TaskSlice> =>
  (set, get) => {
    const controllers = new Map<string, AbortController>();
    const streams = new Map<string, AbortController>();
    // a 2025-11-25 server's notifications/tasks/status moves its task conversation on, as a poll would
    if (deps.eras) {
      deps.eras.onSessionNotified = (url, message) => {
        const notice = legacyTaskNotice(links.session(), url, message);
        if (!notice) return;
        links.dispatch({ type: 'task/notified', ...notice, at: deps.now(), capabilities: links.capabilities() });
      };
    }
    const patch = (conversationId: string, p: Partial<TaskPollState> | undefined) =>
      set((s) => {
        const next = { ...s.taskPolls };
        if (p === undefined) delete next[conversationId];
        else next[conversationId] = { auto: false, ...next[conversationId], ...p };
        return { taskPolls: next };
      });

    const sendTaskLeg = async (
      conversationId: string,
      method: 'tasks/get' | 'tasks/cancel',
    ): Promise<TaskSnapshot | string> => {
      const session = links.session();
      const conversation = session.conversations[conversationId];
      if (!conversation?.task) return 'this conversation has no task';
      if (conversation.inFlight) return 'a leg of this task is already in flight';
      const lastLegId = conversation.legIds[conversation.legIds.length - 1];
      const capabilities = (lastLegId && session.legs[lastLegId]?.sent.capabilities) || links.capabilities();
      const rpcId = session.nextRpcId;
      // the task's own server, whatever the app is connected to now (store/leg-context.ts)
      const { ctx, transportMode } = links.legContext(conversation);
      const composed = composeTaskLeg(conversation, method, rpcId, capabilities, ctx);
      if (!composed) return 'this conversation has no task';
      links.dispatch({ type: 'leg/sent', conversationId, rpcId, at: deps.now(), takesId: true });
      const exchange = await legSenderFor(deps, transportMode).send({
        url: composed.url,
        headers: composed.headers,
        body: composed.body,
        rpcId,
      });
      const legId = newId('leg');
      links.dispatch({ type: 'leg/recorded', conversationId, legId, rpcId, exchange, sent: composed.sent });
      const leg = links.session().legs[legId];
      if (leg?.outcome.kind === 'task') return leg.outcome.task;
      return outcomeSummary(leg);
    };

    // a 2025-11-25 task goes over the session of its connection (session/flows/send-legacy-task-legs.ts); a string:
    // why it cannot
    const legacyOf = (conversationId: string): LegacyTarget | string | undefined => {
      const c = links.session().conversations[conversationId];
      if (!isLegacyTask(c) || !c) return undefined;
      const session = deps.eras?.legacyFor(c.serverUrl);
      if (!session || !deps.eras) return `the ${LEGACY_PROTOCOL_VERSION} session this task belongs to is not connected`;
      return { session, eras: deps.eras };
    };
    /** the task's legs over the session's wire, recorded in the store's session */
    const legDeps = (legs: LegacyTaskLegs, target: LegacyTarget): LegacyLegDeps => ({
      wire: legs.sessionCalls(target.eras, target.session, deps.now),
      calls: openCalls,
      dispatch: links.dispatch,
      now: deps.now,
      newId,
    });
    const sessionState = () => links.session();
    const legacyPoll = (
      legs: LegacyTaskLegs,
      conversationId: string,
      legacy: LegacyTarget | string,
      method: 'tasks/get' | 'tasks/cancel',
    ) =>
      typeof legacy === 'string'
        ? Promise.resolve(legacy)
        : legs.sendLegacyTaskLeg(legDeps(legs, legacy), sessionState, conversationId, method);

    return {
      taskPolls: {},
      pollTaskNow: async (conversationId) => {
        const legacy = legacyOf(conversationId);
        return legacy
          ? legacyPoll(await loadLegacyTaskLegs(), conversationId, legacy, 'tasks/get')
          : sendTaskLeg(conversationId, 'tasks/get');
      },
      autoPollTask: async (conversationId) => {
        if (controllers.has(conversationId)) return;
        const controller = new AbortController();
        controllers.set(conversationId, controller);
        patch(conversationId, { auto: true, note: undefined });
        const legacy = legacyOf(conversationId);
        const legs = legacy ? await loadLegacyTaskLegs() : undefined;
        const end =
          legacy && legs
            ? await followLegacyTask({
                poll: () => legacyPoll(legs, conversationId, legacy, 'tasks/get'),
                openResult: () => {
                  if (typeof legacy === 'string') return;
                  legs.openLegacyResult(legDeps(legs, legacy), sessionState, conversationId);
                  patch(conversationId, { note: LEGACY_RESULT_NOTE });
                },
                resultState: () =>
                  typeof legacy === 'string'
                    ? 'none'
                    : legs.legacyResultState(legDeps(legs, legacy), links.session(), conversationId),
                sleep,
                now: deps.now,
                signal: controller.signal,
                onWait: (until) => patch(conversationId, { nextPollAt: until }),
              })
            : await pollTask({
                poll: () => sendTaskLeg(conversationId, 'tasks/get'),
                answeredKeys: () => links.session().conversations[conversationId]?.task?.answeredKeys ?? [],
                sleep,
                now: deps.now,
                signal: controller.signal,
                onWait: (until) => patch(conversationId, { nextPollAt: until }),
              });
        controllers.delete(conversationId);
        const note =
          end.kind === 'needs-input'
            ? 'Paused: the task needs your answer.'
            : end.kind === 'terminal'
              ? `Stopped: the task is ${end.task.status}.`
              : end.kind === 'failed'
                ? `Stopped: ${end.reason}`
                : end.kind === 'aborted'
                  ? 'Stopped by you.'
                  : `Stopped after ${end.polls} polls.`;
        patch(conversationId, { auto: false, nextPollAt: undefined, note });
      },
      stopAutoPoll: (conversationId) => {
        controllers.get(conversationId)?.abort();
      },
      listenTask: async (conversationId) => {
        const session = links.session();
        const conversation = session.conversations[conversationId];
        if (!conversation?.task || streams.has(conversationId)) return;
        const controller = new AbortController();
        streams.set(conversationId, controller);
        const lastLegId = conversation.legIds[conversation.legIds.length - 1];
        const capabilities = (lastLegId && session.legs[lastLegId]?.sent.capabilities) || links.capabilities();
        const rpcId = session.nextRpcId;
        const { ctx, transportMode } = links.legContext(conversation);
        const composed = composeTaskLeg(conversation, 'subscriptions/listen', rpcId, capabilities, ctx);
        if (!composed) return void streams.delete(conversationId);
        links.dispatch({ type: 'task/listen-started', conversationId, rpcId });
        patch(conversationId, { listen: 'connecting', listenNote: undefined });
        const end = await listenForTask({
          taskId: conversation.task.taskId,
          open: (onData) =>
            // no timeout: the stream lives as long as the task
            legSenderFor(deps, transportMode, { untimed: true }).send({
              url: composed.url,
              headers: composed.headers,
              body: composed.body,
              signal: controller.signal,
              rpcId,
              onEvent: (ev) => (ev.event === undefined || ev.event === 'message') && onData(ev.data),
            }),
          onAck: (offered) => patch(conversationId, { listen: offered ? 'listening' : 'not-offered' }),
          onTask: (task) =>
            links.dispatch({ type: 'task/notified', conversationId, task, at: deps.now(), capabilities }),
        });
        streams.delete(conversationId);
        const legId = newId('leg');
        links.dispatch({
          type: 'leg/recorded',
          conversationId,
          legId,
          rpcId,
          exchange: end.exchange,
          sent: composed.sent,
        });
        patch(conversationId, listenEnd(end));
        const still = links.session().conversations[conversationId];
        const view = still && taskView(links.session(), still);
        // polling is the fallback: a stream that broke off while the task runs hands over to automatic polling
        if (end.kind === 'dropped' && view && !isTerminalStatus(view.task.status) && !controllers.has(conversationId)) {
          void get().autoPollTask(conversationId);
        }
      },
      stopListening: (conversationId) => {
        streams.get(conversationId)?.abort();
      },
      cancelTask: async (conversationId) => {
        controllers.get(conversationId)?.abort();
        const legacy = legacyOf(conversationId);
        if (legacy) {
          const legs = await loadLegacyTaskLegs();
          // the cancel answers the cancelled task itself; tasks/result has no result to wait for any more
          if (typeof legacy !== 'string') legs.closeLegacyResult(legDeps(legs, legacy), conversationId);
          await legacyPoll(legs, conversationId, legacy, 'tasks/cancel');
          return;
        }
        await sendTaskLeg(conversationId, 'tasks/cancel');
        // the cancelled status is seen on the next tasks/get (the cancel ack carries no task)
        await sendTaskLeg(conversationId, 'tasks/get');
      },
    };
  };
