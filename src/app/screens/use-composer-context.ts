import { useMemo } from 'react';
import type { ConnectionContext } from '../../session/compose.ts';
import { withLegacySession } from '../../session/kinds/legacy-call/compose-legacy-call.ts';
import type { Conversation } from '../../session/model.ts';
import { useConnectionContext } from '../../store/use-connection-context.ts';
import { useDeps } from '../../store/deps-context.tsx';
import type { DiscoverInfo } from '../../queries/server-queries.ts';

/**
 * The context the composer shows its leg with: the connection's, plus, when the connection is a 2025-11-25 session,
 * its id, its negotiated version and the id its next request will carry (read on every render: the session numbers
 * each request it sends).
 */
export function useComposerContext(discover: DiscoverInfo | undefined): ConnectionContext {
  const ctx = useConnectionContext();
  const eras = useDeps().eras;
  const session = discover?.era === 'legacy' ? eras?.legacyFor(ctx.url) : undefined;
  const sessionId = discover?.sessionId;
  const protocolVersion = session?.protocolVersion;
  const nextRequestId = session?.nextRequestId;
  return useMemo(() => {
    if (protocolVersion === undefined || nextRequestId === undefined) return sessionId ? { ...ctx, sessionId } : ctx;
    return withLegacySession(ctx, { sessionId, protocolVersion, nextRequestId });
  }, [ctx, sessionId, protocolVersion, nextRequestId]);
}

/** The composer's send button, when it is not "Send retry": a task's answers, or the response to a pushed request. */
export function sendLabelOf(conversation: Conversation): { sendLabel?: string } {
  if (conversation.draft?.respondTo) return { sendLabel: 'Send response' };
  return conversation.task ? { sendLabel: 'Send update' } : {};
}
