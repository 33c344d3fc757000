import { useMemo } from 'react';
import { conversationLegs } from '../../session/selectors.ts';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';
import { Presenter } from '../../features/presenter/presenter.tsx';

/** Maps the store to the presenter: the selected conversation (or the first one) and its legs. */
export function PresenterScreen({
  onClose,
  onOpenDemo,
  message,
}: {
  onClose: () => void;
  onOpenDemo: () => void;
  message?: string;
}) {
  const { showLeg } = useInspectorActions();
  const { session, selectedId, legId } = useInspector((s) => ({
    session: s.session,
    selectedId: s.selectedConversationId,
    legId: s.selectedLegId,
  }));
  const id = selectedId ?? session.order[0];
  const conversation = id ? session.conversations[id] : undefined;
  const legs = useMemo(() => (conversation ? conversationLegs(session, conversation) : []), [session, conversation]);
  const conversations = session.order.flatMap((cid) => {
    const c = session.conversations[cid];
    return c ? [{ id: c.id, title: c.title }] : [];
  });
  return (
    <Presenter
      conversations={conversations}
      conversation={conversation}
      legs={legs}
      live={Boolean(conversation?.inFlight || conversation?.draft)}
      startLegId={legId}
      {...(message ? { message } : {})}
      onPick={(cid) => showLeg(cid, null)}
      onOpenDemo={onOpenDemo}
      onClose={onClose}
    />
  );
}
