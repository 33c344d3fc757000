import { TabList, TabPanel, type TabSpec } from '../../components/ui/tabs.tsx';
import { ConversationLintSummary } from '../../features/timeline/conversation-lint-summary.tsx';
import { WaterfallView } from '../../features/waterfall/waterfall-view.tsx';
import { SequenceDiagramView } from '../../features/sequence-diagram/sequence-diagram.tsx';
import { conversationLint } from '../../session/lint-session.ts';
import type { Conversation, SessionState } from '../../session/model.ts';
import type { ConversationRow } from '../../session/timeline/timeline-rows.ts';
import { waterfall } from '../../session/timeline/timeline-waterfall.ts';
import { sequenceDiagram } from '../../session/timeline/timeline-sequence.ts';

export type ConversationViewKind = 'findings' | 'waterfall' | 'sequence';

export interface ConversationViewsProps {
  session: SessionState;
  conversation: Conversation;
  row: ConversationRow;
  view: ConversationViewKind;
  onView: (view: ConversationViewKind) => void;
  selectedLegId: string | null;
  onSelectLeg: (legId: string, conversationId?: string) => void;
}

/** Waterfall, sequence diagram and findings of the selected conversation (a lazy chunk of the timeline screen). */
export function ConversationViews({
  session,
  conversation,
  row,
  view,
  onView,
  selectedLegId,
  onSelectLeg,
}: ConversationViewsProps) {
  const tabs: TabSpec<ConversationViewKind>[] = [
    { id: 'waterfall', label: 'Waterfall' },
    { id: 'sequence', label: 'Sequence' },
    { id: 'findings', label: `Findings (${row.lint.error + row.lint.warning + row.lint.info})` },
  ];
  return (
    <section aria-label="Conversation views" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-center gap-1">
        <h2 className="mr-2 truncate font-mono text-xs font-semibold">{conversation.title}</h2>
        <TabList label="Conversation view" tabs={tabs} selected={view} onSelect={onView} idPrefix="conversation-view" />
      </div>
      <TabPanel idPrefix="conversation-view" selected={view}>
        {view === 'waterfall' && (
          <WaterfallView data={waterfall(row)} selectedLegId={selectedLegId} onSelectLeg={onSelectLeg} />
        )}
        {view === 'sequence' && (
          <SequenceDiagramView diagram={sequenceDiagram(session, conversation)} title={conversation.title} />
        )}
        {view === 'findings' && (
          <ConversationLintSummary lint={conversationLint(session, conversation)} onSelectLeg={onSelectLeg} />
        )}
      </TabPanel>
    </section>
  );
}
