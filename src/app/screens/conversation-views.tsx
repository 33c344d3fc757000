import { ConversationLintSummary } from '../../features/timeline/conversation-lint-summary.tsx';
import { WaterfallView } from '../../features/waterfall/waterfall-view.tsx';
import { SequenceDiagramView } from '../../features/sequence-diagram/sequence-diagram.tsx';
import { conversationLint } from '../../session/lint-session.ts';
import type { Conversation, SessionState } from '../../session/model.ts';
import type { ConversationRow } from '../../session/timeline-rows.ts';
import { waterfall } from '../../session/timeline-waterfall.ts';
import { sequenceDiagram } from '../../session/timeline-sequence.ts';

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
  const tabs: [ConversationViewKind, string][] = [
    ['waterfall', 'Waterfall'],
    ['sequence', 'Sequence'],
    ['findings', `Findings (${row.lint.error + row.lint.warning + row.lint.info})`],
  ];
  return (
    <section aria-label="Conversation views" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div role="tablist" aria-label="Conversation view" className="flex items-center gap-1">
        <h2 className="mr-2 truncate font-mono text-xs font-semibold">{conversation.title}</h2>
        {tabs.map(([id, label]) => (
          <button
            key={id}
            role="tab"
            type="button"
            aria-selected={view === id}
            onClick={() => onView(id)}
            className={`rounded-t px-2 py-1 text-xs ${view === id ? 'bg-slate-800 text-white' : 'bg-slate-100'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={view}>
        {view === 'waterfall' && (
          <WaterfallView data={waterfall(row)} selectedLegId={selectedLegId} onSelectLeg={onSelectLeg} />
        )}
        {view === 'sequence' && (
          <SequenceDiagramView diagram={sequenceDiagram(session, conversation)} title={conversation.title} />
        )}
        {view === 'findings' && (
          <ConversationLintSummary lint={conversationLint(session, conversation)} onSelectLeg={onSelectLeg} />
        )}
      </div>
    </section>
  );
}
