import { RecordedConversation } from '../../features/session-io/recorded-conversation.tsx';
import { baseParams } from '../../protocol/retry.ts';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';

/** The recording panel of the selected conversation: a re-run starts a live call, recorded answers go to its draft. */
export function RecordedConversationScreen() {
  const actions = useInspectorActions();
  const { session, id, connectedUrl } = useInspector((s) => ({
    session: s.session,
    id: s.selectedConversationId,
    connectedUrl: s.connectedUrl,
  }));
  return (
    <RecordedConversation
      session={session}
      id={id}
      connected={Boolean(connectedUrl)}
      onRerun={(recorded) =>
        void actions.startCall({
          method: recorded.method as 'tools/call',
          title: `${recorded.title} (re-run)`,
          params: baseParams(recorded.params),
          ...(recorded.inputSchema ? { inputSchema: recorded.inputSchema } : {}),
        })
      }
      onAnswer={(conversationId, key, response) =>
        actions.dispatch({ type: 'draft/answer', conversationId, key, response })
      }
    />
  );
}
