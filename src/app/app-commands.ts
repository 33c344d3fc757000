import { useMemo } from 'react';
import type { Command } from '../features/command-palette/commands.ts';
import type { SessionIo } from './use-session-io.ts';
import { baseParams } from '../protocol/retry.ts';
import { isDraftReady } from '../session/selectors.ts';
import { timelineRows } from '../session/timeline/timeline-rows.ts';
import type { StartCallInput } from '../store/session-slice.ts';
import { useInspector, useInspectorActions } from '../store/store-context.tsx';

/** Every action of the app as a command: listed in the palette (Ctrl/Cmd-K), some with a shortcut. */
export function useAppCommands(opts: { io: SessionIo; openPresenter: () => void; openDemo: () => void }): Command[] {
  const actions = useInspectorActions();
  const s = useInspector((st) => ({
    session: st.session,
    conversationId: st.selectedConversationId,
    legId: st.selectedLegId,
    running: st.running,
    connectedUrl: st.connectedUrl,
  }));
  const { io, openPresenter, openDemo } = opts;
  return useMemo(() => {
    const conversation = s.conversationId ? s.session.conversations[s.conversationId] : undefined;
    const draft = conversation?.draft;
    const busy = conversation && (conversation.inFlight || s.running[conversation.id]);
    const noConversation = conversation ? undefined : 'select a conversation';
    const sendBlocked = noConversation ?? (!draft ? 'the call is over' : busy ? 'a leg is in flight' : undefined);
    // the leg list is built when a next/previous command runs, not on every render: with 10,000 legs it costs
    // ~6-20 ms, which used to land in every click that changes the session and made it slow
    const selectLeg = (delta: number) => {
      const legs = timelineRows(s.session).flatMap((row) =>
        row.legs.filter((l) => !l.inherited).map((l) => ({ legId: l.legId, conversationId: row.conversationId })),
      );
      const at = legs.findIndex((l) => l.legId === s.legId);
      const next = legs[at < 0 ? (delta > 0 ? 0 : legs.length - 1) : at + delta];
      if (next) actions.showLeg(next.conversationId, next.legId);
    };
    const commands: Command[] = [
      {
        id: 'send',
        group: 'Call',
        title: conversation && conversation.legIds.length > 0 ? 'Send retry' : 'Send',
        shortcut: { key: 'Enter', mod: true },
        ...(sendBlocked ? { disabledReason: sendBlocked } : {}),
        run: () => conversation && void actions.sendDraft(conversation.id),
      },
      {
        id: 'run',
        group: 'Call',
        title: 'Run to completion',
        shortcut: { key: 'Enter', mod: true, shift: true },
        ...(sendBlocked
          ? { disabledReason: sendBlocked }
          : draft && !isDraftReady(draft)
            ? { disabledReason: 'answer the input requests first' }
            : {}),
        run: () => conversation && void actions.runToCompletion(conversation.id),
      },
      {
        id: 'abort',
        group: 'Call',
        title: 'Abort',
        ...(busy ? {} : { disabledReason: 'nothing is running' }),
        run: () => conversation && actions.abort(conversation.id),
      },
      {
        id: 'rerun',
        group: 'Call',
        title: 'Re-run this conversation against the live server',
        ...(noConversation
          ? { disabledReason: noConversation }
          : !s.connectedUrl
            ? { disabledReason: 'not connected' }
            : {}),
        run: () => {
          if (!conversation) return;
          const input: StartCallInput = {
            method: conversation.method as StartCallInput['method'],
            title: `${conversation.title} (re-run)`,
            params: baseParams(conversation.params),
          };
          if (conversation.inputSchema) input.inputSchema = conversation.inputSchema;
          void actions.startCall(input);
        },
      },
      {
        id: 'fork',
        group: 'Call',
        title: 'Fork a branch from the selected leg',
        ...(s.legId ? {} : { disabledReason: 'select a leg' }),
        run: () => s.legId && void actions.fork(s.legId),
      },
      {
        id: 'next-leg',
        group: 'Timeline',
        title: 'Next leg',
        shortcut: { key: 'ArrowDown', alt: true },
        run: () => selectLeg(1),
      },
      {
        id: 'prev-leg',
        group: 'Timeline',
        title: 'Previous leg',
        shortcut: { key: 'ArrowUp', alt: true },
        run: () => selectLeg(-1),
      },
      { id: 'connect', group: 'Server', title: 'Connect to the server URL', run: () => actions.connect() },
      { id: 'export', group: 'Session', title: 'Export session file', run: () => io.exportSession('all') },
      {
        id: 'export-one',
        group: 'Session',
        title: 'Export this conversation as a session file',
        ...(noConversation ? { disabledReason: noConversation } : {}),
        run: () => io.exportSession('conversation'),
      },
      { id: 'import', group: 'Session', title: 'Import session file…', run: io.openImport },
      { id: 'har', group: 'Session', title: 'Export HAR (all legs)', run: () => io.exportHar('all') },
      {
        id: 'har-one',
        group: 'Session',
        title: 'Export HAR (this conversation)',
        ...(noConversation ? { disabledReason: noConversation } : {}),
        run: () => io.exportHar('conversation'),
      },
      {
        id: 'share',
        group: 'Session',
        title: 'Create share link (this conversation)',
        ...(noConversation ? { disabledReason: noConversation } : {}),
        run: () => io.share('conversation'),
      },
      { id: 'share-all', group: 'Session', title: 'Create share link (whole session)', run: () => io.share('all') },
      {
        id: 'secrets',
        group: 'Session',
        title: io.includeSecrets
          ? 'Stop including secrets in exports'
          : 'Include secrets (Authorization, tokens) in exports',
        run: () => io.setIncludeSecrets(!io.includeSecrets),
      },
      { id: 'clear', group: 'Session', title: 'Clear session…', run: io.askClear },
      { id: 'presenter', group: 'Present', title: 'Open presenter mode', run: openPresenter },
      { id: 'demo', group: 'Present', title: 'Open the demo session', run: openDemo },
    ];
    return commands;
  }, [s, actions, io, openPresenter, openDemo]);
}
