import { useMemo } from 'react';
import { useInspector, useInspectorStore } from '../../store/store-context.tsx';
import { Timeline } from '../../features/timeline/timeline.tsx';
import { LegInspector } from '../../features/leg-inspector/leg-inspector.tsx';
import { timelineRows } from '../../session/timeline-rows.ts';
import { roundOf } from '../../session/selectors.ts';

/** The timeline of every leg, and the inspector for the selected leg. */
export function TimelineScreen() {
  const store = useInspectorStore();
  const { session, selectedLegId, selectedConversationId } = useInspector((s) => ({
    session: s.session,
    selectedLegId: s.selectedLegId,
    selectedConversationId: s.selectedConversationId,
  }));
  const rows = useMemo(() => timelineRows(session), [session]);
  const leg = selectedLegId ? session.legs[selectedLegId] : undefined;
  const conversation = leg
    ? (session.conversations[selectedConversationId ?? ''] ?? session.conversations[leg.conversationId])
    : undefined;
  return (
    <div className="grid gap-3">
      <section aria-label="Timeline panel" className="rounded-lg border border-slate-200 bg-white p-3">
        <h2 className="mb-2 text-sm font-semibold">Timeline</h2>
        <Timeline
          rows={rows}
          selectedLegId={selectedLegId}
          onSelectLeg={(legId, conversationId) => {
            store.getState().selectLeg(legId);
            store.getState().selectConversation(conversationId);
          }}
        />
      </section>
      {leg && conversation && (
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <LegInspector
            exchange={leg.exchange}
            title={`${conversation.title} · round ${roundOf(conversation, leg.id)}`}
            onFork={() => store.getState().fork(leg.id)}
          />
        </div>
      )}
    </div>
  );
}
