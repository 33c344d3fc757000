import { lazy, Suspense } from 'react';
import { Panel } from '../../components/ui/panel.tsx';
import { useInspector } from '../../store/store-context.tsx';

// The composer, input-request forms, result view, tamper matrix and branches are not on the first screen: they load
// when a conversation is first shown.
const ConversationView = lazy(() => import('./conversation-view.tsx').then((m) => ({ default: m.ConversationView })));

/** Warms the conversation view's chunk (e.g. when the browser is idle) so the first call shows it at once. */
export function preloadConversationView(): void {
  void import('./conversation-view.tsx');
}

/** The selected conversation, or how to start one. */
export function ConversationScreen() {
  const shown = useInspector((st) =>
    Boolean(st.selectedConversationId && st.session.conversations[st.selectedConversationId]),
  );
  if (!shown) {
    return (
      <Panel label="Result">
        <p className="text-sm text-slate-500">Call a tool to start. Each call becomes a conversation of legs.</p>
      </Panel>
    );
  }
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading the conversation…</p>}>
      <ConversationView />
    </Suspense>
  );
}
