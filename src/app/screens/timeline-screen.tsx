import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';
import { useLegContext } from '../../store/use-leg-context.ts';
import { Timeline } from '../../features/timeline/timeline.tsx';
import { TimelineFilterBar } from '../../features/timeline/timeline-filter-bar.tsx';
import { timelineRows } from '../../session/timeline/timeline-rows.ts';
import { filterOptions, filterRows } from '../../session/timeline/timeline-filter.ts';
import { flattenTimeline } from '../../session/timeline/timeline-flat.ts';
import { InFlightLeg } from '../../features/timeline/in-flight-leg.tsx';
import { composedDraft } from '../../session/selectors.ts';
import type { Conversation, Leg, SessionState } from '../../session/model.ts';
import type { ConversationViewKind } from './conversation-view-tabs.tsx';
import { legPanel } from './leg-panel.ts';
import { usePacedViews } from '../../lib/paced-views.ts';
import { ConnectionTrafficToggle } from '../../features/timeline/connection-traffic-toggle.tsx';
import { isConnectionConversation, withConnectionTraffic } from '../../session/connection-traffic.ts';

// The views of a selected conversation and the leg inspector (with the diff library) load when first shown.
const ConversationViews = lazy(() =>
  import('./conversation-view-tabs.tsx').then((m) => ({ default: m.ConversationViews })),
);
const SelectedLeg = lazy(() => import('./selected-leg.tsx').then((m) => ({ default: m.SelectedLeg })));

const loading = <p className="text-xs text-slate-500">Loading…</p>;

/** Warms the chunks of the conversation views and the leg inspector (see preload.ts). */
export function preloadTimelineDetails(): Promise<unknown> {
  return Promise.all([import('./conversation-view-tabs.tsx'), import('./selected-leg.tsx')]);
}

/** The timeline of every leg, views of the selected conversation, and the inspector for the selected leg. */
export function TimelineScreen() {
  const actions = useInspectorActions();
  const s = useInspector((st) => ({
    session: st.session,
    selectedLegId: st.selectedLegId,
    selectedConversationId: st.selectedConversationId,
    filter: st.timelineFilter,
    collapsed: st.collapsedConversations,
    diffBase: st.diffBaseLegId,
    connectionLegs: st.connectionLegs,
    showConnection: st.showConnectionTraffic,
  }));
  const session = shownSession(s);
  const [view, setView] = useState<ConversationViewKind>('waterfall');
  // the list follows one deferred render later, the selection's views one painted frame after that (paced-views.ts)
  const paced = usePacedViews(s);
  const listed = shownSession(paced.list);
  const filter = paced.list.filter;
  const rows = useMemo(() => timelineRows(listed), [listed]);
  const filtered = useMemo(() => filterRows(listed, rows, filter), [listed, rows, filter]);
  const flat = useMemo(() => flattenTimeline(filtered, s.collapsed), [filtered, s.collapsed]);
  const options = useMemo(() => filterOptions(rows), [rows]);
  const totalLegs = useMemo(() => rows.reduce((n, r) => n + r.legs.filter((l) => !l.inherited).length, 0), [rows]);

  const selectLeg = useCallback(
    (legId: string, conversationId?: string) => {
      actions.selectLeg(legId);
      const owner = conversationId ?? session.legs[legId]?.conversationId ?? null;
      // inspecting a connection leg keeps the call in the composer and the Result
      if (!isConnectionConversation(owner)) actions.selectConversation(owner);
    },
    [actions, session],
  );

  // the selected conversation's views and the leg panel: session and selection together, as paced
  const d = paced.detail;
  const detail = shownSession(d);
  const leg = d.selectedLegId ? detail.legs[d.selectedLegId] : undefined;
  const picked = d.selectedConversationId ? detail.conversations[d.selectedConversationId] : undefined;
  const conversation = picked ?? (leg ? detail.conversations[leg.conversationId] : undefined);
  const conversationRow = conversation ? rows.find((r) => r.conversationId === conversation.id) : undefined;
  const panel = legPanel(detail, d.selectedLegId, d.selectedConversationId);

  return (
    <div className="grid gap-3">
      <section aria-label="Timeline panel" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-sm font-semibold">Timeline</h2>
          <button
            type="button"
            className="text-xs text-indigo-700 underline"
            onClick={() => actions.setCollapsed(rows.map((r) => r.conversationId))}
          >
            Collapse all
          </button>
          <button type="button" className="text-xs text-indigo-700 underline" onClick={() => actions.setCollapsed([])}>
            Expand all
          </button>
          <ConnectionTrafficToggle
            shown={s.showConnection}
            count={s.connectionLegs.length}
            onChange={actions.setShowConnectionTraffic}
          />
        </div>
        {rows.length > 0 && (
          <TimelineFilterBar
            filter={s.filter}
            methods={options.methods}
            tools={options.tools}
            shown={flat.legCount + countCollapsed(flat.items)}
            total={totalLegs}
            onChange={actions.setTimelineFilter}
          />
        )}
        <Timeline
          items={flat.items}
          selectedLegId={s.selectedLegId}
          selectedConversationId={s.selectedConversationId}
          onSelectLeg={selectLeg}
          onToggleConversation={actions.toggleConversation}
          emptyText={rows.length ? 'No leg matches the filter.' : undefined}
        />
      </section>
      {conversation &&
        !isConnectionConversation(conversation.id) &&
        conversationRow &&
        conversationRow.legs.length > 0 && (
          <Suspense fallback={loading}>
            <ConversationViews
              session={detail}
              conversation={conversation}
              row={conversationRow}
              view={view}
              onView={setView}
              selectedLegId={d.selectedLegId}
              onSelectLeg={selectLeg}
            />
          </Suspense>
        )}
      {panel?.kind === 'in-flight' && (
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <InFlightPanel conversation={panel.conversation} sentAt={panel.sentAt} />
        </div>
      )}
      {panel?.kind === 'leg' && (
        <Suspense fallback={loading}>
          <SelectedLeg session={detail} leg={panel.leg} conversation={panel.conversation} diffBase={d.diffBase} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The session as the screen shows it: the Connection conversation (discover, lists, failed connects) joins it only
 * when asked for. withConnectionTraffic caches its view per session and legs, so the same inputs give the same object.
 */
function shownSession(v: { session: SessionState; connectionLegs: readonly Leg[]; showConnection: boolean }) {
  return v.showConnection ? withConnectionTraffic(v.session, v.connectionLegs) : v.session;
}

function countCollapsed(items: ReturnType<typeof flattenTimeline>['items']): number {
  let n = 0;
  for (const item of items)
    if (item.kind === 'conversation' && !item.expanded) n += item.row.legs.filter((l) => !l.inherited).length;
  return n;
}

/**
 * The in-flight leg panel of a conversation: what was sent and how long ago. The request is the one recorded as it
 * went out; a leg sent without one (a watched client's, or a task poll) is recomposed from its draft, if any.
 */
function InFlightPanel({ conversation, sentAt }: { conversation: Conversation; sentAt: number }) {
  const actions = useInspectorActions();
  const { ctx } = useLegContext(conversation);
  // the SSE events so far: only this panel re-renders when one arrives
  const events = useInspector((st) => ({ list: st.liveEvents[conversation.id] })).list;
  // recomposed when the conversation changes, not on every tick
  const composed = useMemo(
    () => conversation.inFlight?.request ?? composedDraft(conversation, ctx),
    [conversation, ctx],
  );
  return (
    <InFlightLeg
      title={`${conversation.title} · round ${conversation.legIds.length + 1}`}
      method={conversation.method}
      sentAt={sentAt}
      {...(composed ? { body: composed.body, url: composed.url } : {})}
      onStop={() => actions.abort(conversation.id)}
      {...(events ? { events } : {})}
    />
  );
}
