import { memo } from 'react';
import { badgeTone, type Tone } from '../../components/ui/badge.tsx';
import type { ConversationRow } from '../../session/timeline/timeline-rows.ts';
import { timeOfDay } from '../../lib/text.ts';
import { countsText, isoTime, lintText, ms } from './row-text.ts';
import { ElapsedTime } from './elapsed-time.tsx';

function statusTone(status: ConversationRow['status']): Tone {
  if (status === 'complete') return 'good';
  if (status === 'awaiting-input' || status === 'ready' || status === 'new') return 'info';
  if (status === 'in-flight') return 'warn';
  return 'bad';
}

/** A badge as one flex item (no wrapper, no component): the header is mounted afresh on every fast-scrolled frame. */
const BADGE = 'shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium';

/**
 * A conversation's heading row, and the button that folds it (never a list item). One line of HEADER_HEIGHT: start
 * time, title, a short argument summary (what tells two calls of one tool apart; cut with an ellipsis when narrow),
 * status, and while a leg is in flight a ticking "in flight 3.2 s" in place of the status.
 */
export const ConversationHeader = memo(function ConversationHeader({
  row,
  expanded,
  onToggle,
  selected = false,
}: {
  row: ConversationRow;
  expanded: boolean;
  onToggle: (conversationId: string) => void;
  /** the conversation is selected with no leg of it (a call whose first leg is in flight) */
  selected?: boolean;
}) {
  const lint = lintText(row.lint);
  const iso = isoTime(row.createdAt);
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onToggle(row.conversationId)}
      className={`flex h-full w-full items-center gap-2 overflow-hidden rounded px-2 text-left text-xs whitespace-nowrap ${selected ? 'bg-indigo-100' : 'bg-slate-50 hover:bg-slate-100'}`}
    >
      <span aria-hidden="true" className="w-3 shrink-0 text-slate-500">
        {expanded ? '▾' : '▸'}
      </span>
      {iso && (
        <time dateTime={iso} className="shrink-0 font-mono text-slate-500">
          {timeOfDay(row.createdAt)}
        </time>
      )}
      <span className="max-w-[45%] shrink-0 truncate font-mono font-semibold">{row.title}</span>
      {row.args && (
        <span title={row.args} className="min-w-0 shrink-[3] truncate font-mono text-slate-600">
          {row.args}
        </span>
      )}
      {row.inFlightSince !== undefined ? (
        <span className={`${BADGE} ${badgeTone('warn')}`}>
          in flight <ElapsedTime since={row.inFlightSince} />
        </span>
      ) : (
        <span className={`${BADGE} ${badgeTone(statusTone(row.status))}`}>{row.status}</span>
      )}
      {row.legCount > 0 && (
        <span className="shrink-0 text-slate-500">
          {`${countsText(row)} · ${ms(row.totalMs)}${row.thinkMs > 0 ? ` (server ${ms(row.serverMs)}, think ${ms(row.thinkMs)})` : ''}`}
        </span>
      )}
      {lint && (
        <span className={`${BADGE} ${badgeTone(row.lint.error ? 'bad' : row.lint.warning ? 'warn' : 'neutral')}`}>
          {`lint: ${lint}`}
        </span>
      )}
      {row.forkOf && <span className={`${BADGE} ${badgeTone('info')}`}>branch</span>}
    </button>
  );
});
