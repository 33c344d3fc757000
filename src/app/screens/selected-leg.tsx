import { useMemo } from 'react';
import { LegInspector } from '../../features/leg-inspector/leg-inspector.tsx';
import { ServerLogSays } from '../../features/result/server-log-says.tsx';
import { useServerLogReason } from './use-server-log.ts';
import { LegDiffView } from '../../features/leg-diff/leg-diff-view.tsx';
import { legDiff, previousLegId } from '../../session/timeline/leg-diff.ts';
import { legFindings } from '../../session/lint-session.ts';
import type { Conversation, Leg, SessionState } from '../../session/model.ts';
import { roundOf } from '../../session/selectors.ts';
import { isConnectionConversation } from '../../session/connection-traffic.ts';
import { useInspectorActions } from '../../store/store-context.tsx';

function legLabel(session: SessionState, legId: string, viewing: string): string {
  const leg = session.legs[legId];
  const c = leg && session.conversations[leg.conversationId];
  if (!leg || !c) return legId;
  const round = `round ${roundOf(c, legId)}`;
  return c.id === viewing ? round : `${c.title} · ${round}`;
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

export interface SelectedLegProps {
  session: SessionState;
  leg: Leg;
  conversation: Conversation;
  /** the leg pinned as the diff base, if any */
  diffBase: string | null;
}

/**
 * The inspector of the selected leg with its diff against the previous (or pinned) leg: a lazy chunk of the timeline
 * screen, so the diff library loads only when a leg is selected.
 */
export function SelectedLeg({ session, leg, conversation, diffBase }: SelectedLegProps) {
  const actions = useInspectorActions();
  const baseId =
    diffBase && diffBase !== leg.id && session.legs[diffBase] ? diffBase : previousLegId(conversation.legIds, leg.id);
  const base = baseId ? session.legs[baseId] : undefined;
  const diff = useMemo(() => (base ? legDiff(base, leg) : null), [leg, base]);
  const logSays = useServerLogReason(conversation, leg);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <LegInspector
        key={leg.id}
        exchange={leg.exchange}
        title={`${conversation.title} · round ${roundOf(conversation, leg.id)}`}
        findings={legFindings(session, leg, conversation.method)}
        {...(logSays ? { serverLog: <ServerLogSays line={logSays} /> } : {})}
        {...(conversation.watched
          ? conversation.method === 'watched/traffic'
            ? {}
            : {
                onForkIntoComposer: () => void actions.forkWatchedLeg(leg.id),
                onAudit: () => void actions.auditWatchedCall(conversation.id),
              }
          : isConnectionConversation(conversation.id)
            ? {}
            : { onFork: () => actions.fork(leg.id) })}
        diff={
          <LegDiffView
            diff={diff}
            baseLegId={baseId ?? null}
            options={diffOptions(session, conversation.legIds, leg.id, diffBase, conversation.id)}
            onBase={actions.setDiffBase}
            pinned={diffBase === leg.id}
            onPin={() => actions.setDiffBase(diffBase === leg.id ? null : leg.id)}
          />
        }
      />
    </div>
  );
}
