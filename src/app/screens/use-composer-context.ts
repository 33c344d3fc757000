import { useMemo } from 'react';
import type { ConnectionContext } from '../../session/compose.ts';
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
  const version = session?.protocolVersion;
  const nextId = session?.nextRequestId;
  return useMemo(() => {
    const out: ConnectionContext = sessionId ? { ...ctx, sessionId } : { ...ctx };
    if (version !== undefined && nextId !== undefined) out.legacy = { protocolVersion: version, nextId };
    return out;
  }, [ctx, sessionId, version, nextId]);
}

/** The composer's send button, when it is not "Send retry": a task's answers, or the response to a pushed request. */
export function sendLabelOf(conversation: Conversation): { sendLabel?: string } {
  if (conversation.draft?.respondTo) return { sendLabel: 'Send response' };
  return conversation.task ? { sendLabel: 'Send update' } : {};
}
