import { useMemo } from 'react';
import type { ConnectionContext } from '../../session/compose.ts';
import type { Conversation } from '../../session/model.ts';
import { useConnectionContext } from '../../store/use-connection-context.ts';

/** The context the composer shows its leg with: the connection's, plus the 2025-11-25 session id when there is one. */
export function useComposerContext(sessionId: string | undefined): ConnectionContext {
  const ctx = useConnectionContext();
  return useMemo(() => (sessionId ? { ...ctx, sessionId } : ctx), [ctx, sessionId]);
}

/** The composer's send button, when it is not "Send retry": a task's answers, or the response to a pushed request. */
export function sendLabelOf(conversation: Conversation): { sendLabel?: string } {
  if (conversation.draft?.respondTo) return { sendLabel: 'Send response' };
  return conversation.task ? { sendLabel: 'Send update' } : {};
}
