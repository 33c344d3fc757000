import { lazy, Suspense, useEffect } from 'react';
import { Panel } from '../../components/ui/panel.tsx';
import { useInspector } from '../../store/store-context.tsx';
import { preloadTimelineDetails } from './timeline-screen.tsx';

// The composer, input-request forms, result view, tamper matrix and branches are not on the first screen: they load
// when a conversation is first shown.
type ViewModule = typeof import('./selected-conversation.tsx');
let loaded: ViewModule | undefined;
const loadView = () => import('./selected-conversation.tsx').then((m) => (loaded = m));
const SelectedConversation = lazy(() => loadView().then((m) => ({ default: m.SelectedConversation })));

/**
 * Warms the chunks the first question needs (the conversation view and the elicitation form) so the first call shows
 * it at once: once they are here the view renders without suspending.
 */
export function preloadSelectedConversation(): Promise<unknown> {
  return loadView().then((m) => m.preloadFirstQuestion());
}

/** The selected conversation, or how to start one. */
export function ConversationScreen() {
  const shown = useInspector((st) =>
    Boolean(st.selectedConversationId && st.session.conversations[st.selectedConversationId]),
  );
  // picking a tool (or anything to call) is the cue: the screen that shows questions is loaded before the first Call,
  // and so are the leg inspector and conversation views the first answer selects (their chunks would otherwise be
  // fetched and run while the first question is being painted)
  const picked = useInspector((st) => st.selection !== null);
  useEffect(() => {
    if (!picked) return;
    void preloadSelectedConversation();
    void preloadTimelineDetails();
  }, [picked]);
  if (!shown) {
    return (
      <Panel label="Result">
        <p className="text-sm text-slate-500">Call a tool to start. Each call becomes a conversation of legs.</p>
      </Panel>
    );
  }
  if (loaded) return <loaded.SelectedConversation />;
  return (
    <Suspense fallback={<p className="text-sm text-slate-500">Loading the conversation…</p>}>
      <SelectedConversation />
    </Suspense>
  );
}
