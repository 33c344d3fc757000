import { useMemo } from 'react';
import type { Conversation } from '../session/model.ts';
import { useDeps } from './deps-context.tsx';
import { legContextWith, legUrlOf, settingsFor, type LegContext } from './leg-context.ts';
import { useInspector } from './store-context.tsx';

/**
 * The context a conversation's next leg is shown with, made by the same function as the send's (`legContextOf`): its
 * own server's settings, sign-in and 2025-11-25 session. The session's facts are read on every render (it numbers
 * each request it sends), and the context is made again when one of them changes.
 */
export function useLegContext(conversation: Pick<Conversation, 'serverUrl' | 'draft'>): LegContext {
  const eras = useDeps().eras;
  const url = legUrlOf(conversation);
  const own = conversation.serverUrl;
  const target = conversation.draft?.target;
  const settings = useInspector((s) => settingsFor(s, url));
  const connected = useInspector((s) => s.connectedUrl);
  const session = eras?.legacyFor(url);
  const sessionId = session?.sessionId;
  const nextId = session?.nextRequestId;
  const version = session?.protocolVersion;
  return useMemo(
    () => legContextWith(settings, connected, eras, { serverUrl: own, draft: target === undefined ? {} : { target } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the session's facts are read inside legContextWith
    [settings, connected, eras, own, target, sessionId, nextId, version],
  );
}
