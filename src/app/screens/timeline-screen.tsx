import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useInspector, useInspectorStore } from '../../store/store-context.tsx';
import { Timeline } from '../../features/timeline/timeline.tsx';
import { TimelineFilterBar } from '../../features/timeline/timeline-filter-bar.tsx';
import { ConversationLintSummary } from '../../features/timeline/conversation-lint-summary.tsx';
import { LegInspector } from '../../features/leg-inspector/leg-inspector.tsx';
import { LegDiffView } from '../../features/leg-diff/leg-diff-view.tsx';
import { WaterfallView } from '../../features/waterfall/waterfall-view.tsx';
import { SequenceDiagramView } from '../../features/sequence-diagram/sequence-diagram.tsx';
import { timelineRows } from '../../session/timeline-rows.ts';
import { filterOptions, filterRows } from '../../session/timeline-filter.ts';
import { flattenTimeline } from '../../session/timeline-flat.ts';
import { conversationLint, legFindings } from '../../session/lint-session.ts';
import { legDiff, previousLegId } from '../../session/leg-diff.ts';
import { waterfall } from '../../session/timeline-waterfall.ts';
import { sequenceDiagram } from '../../session/timeline-sequence.ts';
import { roundOf } from '../../session/selectors.ts';
import type { SessionState } from '../../session/model.ts';

type View = 'findings' | 'waterfall' | 'sequence';

function legLabel(session: SessionState, legId: string, viewing: string): string {
  const leg = session.legs[legId];
  const c = leg && session.conversations[leg.conversationId];
  if (!leg || !c) return legId;
  const round = `round ${roundOf(c, legId)}`;
  return c.id === viewing ? round : `${c.title} · ${round}`;
}

/** The timeline of every leg, views of the selected conversation, and the inspector for the selected leg. */
export function TimelineScreen() {
  const store = useInspectorStore();
  const s = useInspector((st) => ({
    session: st.session,
    selectedLegId: st.selectedLegId,
    selectedConversationId: st.selectedConversationId,
    filter: st.timelineFilter,
    collapsed: st.collapsedConversations,
    diffBase: st.diffBaseLegId,
  }));
  const { session } = s;
  const [view, setView] = useState<View>('waterfall');
  const rows = useMemo(() => timelineRows(session), [session]);
  const filter = useDeferredValue(s.filter);
  const filtered = useMemo(() => filterRows(session, rows, filter), [session, rows, filter]);
  const flat = useMemo(() => flattenTimeline(filtered, s.collapsed), [filtered, s.collapsed]);
  const options = useMemo(() => filterOptions(rows), [rows]);
  const totalLegs = useMemo(() => rows.reduce((n, r) => n + r.legs.filter((l) => !l.inherited).length, 0), [rows]);

  const selectLeg = useCallback(
    (legId: string, conversationId?: string) => {
      const st = store.getState();
      st.selectLeg(legId);
      st.selectConversation(conversationId ?? st.session.legs[legId]?.conversationId ?? null);
    },
    [store],
  );

  const leg = s.selectedLegId ? session.legs[s.selectedLegId] : undefined;
  const conversation = leg
    ? (session.conversations[s.selectedConversationId ?? ''] ?? session.conversations[leg.conversationId])
    : s.selectedConversationId
      ? session.conversations[s.selectedConversationId]
      : undefined;
  const conversationRow = conversation ? rows.find((r) => r.conversationId === conversation.id) : undefined;

  const baseId =
    leg && conversation
      ? s.diffBase && s.diffBase !== leg.id && session.legs[s.diffBase]
        ? s.diffBase
        : previousLegId(conversation.legIds, leg.id)
      : undefined;
  const base = baseId ? session.legs[baseId] : undefined;
  const diff = useMemo(() => (leg && base ? legDiff(base, leg) : null), [leg, base]);

  return (
    <div className="grid gap-3">
      <section aria-label="Timeline panel" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-sm font-semibold">Timeline</h2>
          <button
            type="button"
            className="text-xs text-indigo-700 underline"
            onClick={() => store.getState().setCollapsed(rows.map((r) => r.conversationId))}
          >
            Collapse all
          </button>
          <button
            type="button"
            className="text-xs text-indigo-700 underline"
            onClick={() => store.getState().setCollapsed([])}
          >
            Expand all
          </button>
        </div>
        {rows.length > 0 && (
          <TimelineFilterBar
            filter={s.filter}
            methods={options.methods}
            tools={options.tools}
            shown={flat.legCount + countCollapsed(flat.items)}
            total={totalLegs}
            onChange={(patch) => store.getState().setTimelineFilter(patch)}
          />
        )}
        <Timeline
          items={flat.items}
          legCount={flat.legCount}
          selectedLegId={s.selectedLegId}
          onSelectLeg={selectLeg}
          onToggleConversation={(id) => store.getState().toggleConversation(id)}
          emptyText={rows.length ? 'No leg matches the filter.' : undefined}
        />
      </section>
      {conversation && conversationRow && conversationRow.legs.length > 0 && (
        <section aria-label="Conversation views" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
          <div role="tablist" aria-label="Conversation view" className="flex items-center gap-1">
            <h2 className="mr-2 truncate font-mono text-xs font-semibold">{conversation.title}</h2>
            {(
              [
                ['waterfall', 'Waterfall'],
                ['sequence', 'Sequence'],
                [
                  'findings',
                  `Findings (${conversationRow.lint.error + conversationRow.lint.warning + conversationRow.lint.info})`,
                ],
              ] as [View, string][]
            ).map(([id, label]) => (
              <button
                key={id}
                role="tab"
                type="button"
                aria-selected={view === id}
                onClick={() => setView(id)}
                className={`rounded-t px-2 py-1 text-xs ${view === id ? 'bg-slate-800 text-white' : 'bg-slate-100'}`}
              >
                {label}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={view}>
            {view === 'waterfall' && (
              <WaterfallView
                data={waterfall(conversationRow)}
                selectedLegId={s.selectedLegId}
                onSelectLeg={selectLeg}
              />
            )}
            {view === 'sequence' && (
              <SequenceDiagramView diagram={sequenceDiagram(session, conversation)} title={conversation.title} />
            )}
            {view === 'findings' && (
              <ConversationLintSummary lint={conversationLint(session, conversation)} onSelectLeg={selectLeg} />
            )}
          </div>
        </section>
      )}
      {leg && conversation && (
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <LegInspector
            key={leg.id}
            exchange={leg.exchange}
            title={`${conversation.title} · round ${roundOf(conversation, leg.id)}`}
            findings={legFindings(session, leg, conversation.method)}
            onFork={() => store.getState().fork(leg.id)}
            diff={
              <LegDiffView
                diff={diff}
                baseLegId={baseId ?? null}
                options={diffOptions(session, conversation.legIds, leg.id, s.diffBase, conversation.id)}
                onBase={(id) => store.getState().setDiffBase(id)}
                pinned={s.diffBase === leg.id}
                onPin={() => store.getState().setDiffBase(s.diffBase === leg.id ? null : leg.id)}
              />
            }
          />
        </div>
      )}
    </div>
  );
}

function countCollapsed(items: ReturnType<typeof flattenTimeline>['items']): number {
  let n = 0;
  for (const item of items)
    if (item.kind === 'conversation' && !item.expanded) n += item.row.legs.filter((l) => !l.inherited).length;
  return n;
}

function diffOptions(
  session: SessionState,
  legIds: readonly string[],
  legId: string,
  pinned: string | null,
  viewing: string,
): { legId: string; label: string }[] {
  const out = legIds.filter((id) => id !== legId).map((id) => ({ legId: id, label: legLabel(session, id, viewing) }));
  if (pinned && pinned !== legId && !legIds.includes(pinned) && session.legs[pinned]) {
    out.unshift({ legId: pinned, label: `pinned: ${legLabel(session, pinned, viewing)}` });
  }
  return out;
}
