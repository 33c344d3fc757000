import { memo } from 'react';
import { Badge, type Tone } from '../../components/ui/badge.tsx';
import type { ConversationRow } from '../../session/timeline-rows.ts';
import { lintText, ms } from './format.ts';

function statusTone(status: ConversationRow['status']): Tone {
  if (status === 'complete') return 'good';
  if (status === 'awaiting-input' || status === 'ready' || status === 'new') return 'info';
  if (status === 'in-flight') return 'warn';
  return 'bad';
}

/** A conversation folded to one row: a disclosure button (never a list item). */
export const ConversationHeader = memo(function ConversationHeader({
  row,
  expanded,
  onToggle,
}: {
  row: ConversationRow;
  expanded: boolean;
  onToggle: (conversationId: string) => void;
}) {
  const lint = lintText(row.lint);
  return (
    <button
      type="button"
      aria-expanded={expanded}
      onClick={() => onToggle(row.conversationId)}
      className="flex h-full w-full items-center gap-2 overflow-hidden rounded bg-slate-50 px-2 text-left text-xs whitespace-nowrap hover:bg-slate-100"
    >
      <span aria-hidden="true" className="w-3 text-slate-500">
        {expanded ? '▾' : '▸'}
      </span>
      <span className="truncate font-mono font-semibold">{row.title}</span>
      <Badge tone={statusTone(row.status)}>{row.status}</Badge>
      <span className="text-slate-500">
        {row.rounds} round{row.rounds === 1 ? '' : 's'} · {ms(row.totalMs)}
        {row.thinkMs > 0 ? ` (server ${ms(row.serverMs)}, think ${ms(row.thinkMs)})` : ''}
      </span>
      {lint && <Badge tone={row.lint.error ? 'bad' : row.lint.warning ? 'warn' : 'neutral'}>lint: {lint}</Badge>}
      {row.forkOf && <Badge tone="info">branch</Badge>}
    </button>
  );
});
