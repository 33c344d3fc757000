import { Badge, type Tone } from '../../components/ui/badge.tsx';
import type { ConversationRow, LegRow } from '../../session/timeline-rows.ts';

function outcomeTone(row: LegRow): Tone {
  switch (row.outcome) {
    case 'complete':
      return 'good';
    case 'input_required':
      return 'info';
    default:
      return 'bad';
  }
}

function ms(n: number | undefined): string {
  if (n === undefined) return '';
  return n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`;
}

function LegItem({ row, selected, onSelect }: { row: LegRow; selected: boolean; onSelect: () => void }) {
  const label =
    row.outcome === 'input_required'
      ? row.stateOnly
        ? 'input_required (state only)'
        : 'input_required'
      : row.outcome === 'error'
        ? `error ${row.errorCode ?? ''}`
        : row.outcome === 'invalid'
          ? 'invalid response'
          : row.outcome === 'transport'
            ? 'no response'
            : 'complete';
  return (
    <li aria-current={selected ? 'true' : undefined} className={row.inherited ? 'opacity-60' : ''}>
      <button
        type="button"
        onClick={onSelect}
        aria-label={`Round ${row.round} ${row.method} ${row.target}: ${label}`}
        className={`grid w-full grid-cols-[3rem_1fr_auto] items-center gap-2 rounded px-2 py-1 text-left text-xs ${selected ? 'bg-indigo-100' : 'hover:bg-slate-100'}`}
      >
        <span className="font-mono text-slate-500">#{row.round}</span>
        <span className="flex flex-wrap items-center gap-1">
          <span className="font-mono">{row.method}</span>
          <Badge tone={outcomeTone(row)}>{label}</Badge>
          {row.httpStatus !== undefined && <Badge>HTTP {row.httpStatus}</Badge>}
          {row.asked.length > 0 && <span className="text-slate-600">asks {row.asked.join(', ')}</span>}
          {row.answered.length > 0 && <span className="text-slate-600">answers {row.answered.join(', ')}</span>}
          {row.stateSize !== undefined && (
            <span className="text-slate-500">
              state {row.stateSize} B{row.stateChanged ? ' (new)' : ' (same)'}
            </span>
          )}
          {row.stateEdited && <Badge tone="bad">edited by you</Badge>}
          {row.bodyEdited && <Badge tone="bad">body edited</Badge>}
          {row.instance && <Badge tone="info">instance {row.instance}</Badge>}
          {row.viaRelay && <Badge>relay</Badge>}
          {row.thinkMs !== undefined && <span className="text-slate-400">think {ms(row.thinkMs)}</span>}
        </span>
        <span className="font-mono text-slate-600">{ms(row.durationMs)}</span>
      </button>
    </li>
  );
}

/** Every leg of every call, grouped by conversation, newest conversation last. */
export function Timeline({
  rows,
  selectedLegId,
  onSelectLeg,
}: {
  rows: ConversationRow[];
  selectedLegId: string | null;
  onSelectLeg: (legId: string, conversationId: string) => void;
}) {
  if (rows.length === 0) {
    return (
      <>
        <ol aria-label="Timeline" />
        <p className="text-sm text-slate-500">No calls yet. Every leg of every call will appear here.</p>
      </>
    );
  }
  return (
    <ol aria-label="Timeline" className="space-y-1">
      {rows.map((c) => [
        <li
          role="presentation"
          key={`h-${c.conversationId}`}
          className="mt-2 flex items-center gap-2 text-xs font-semibold"
        >
          <span className="font-mono">{c.title}</span>
          <Badge>{c.status}</Badge>
          <span className="font-normal text-slate-500">
            {c.rounds} leg{c.rounds === 1 ? '' : 's'} · {ms(c.totalMs)}
          </span>
          {c.forkOf && <Badge tone="info">branch</Badge>}
        </li>,
        ...c.legs
          .filter((leg) => !leg.inherited)
          .map((leg) => (
            <LegItem
              key={`${c.conversationId}-${leg.legId}`}
              row={leg}
              selected={leg.legId === selectedLegId}
              onSelect={() => onSelectLeg(leg.legId, c.conversationId)}
            />
          )),
      ])}
    </ol>
  );
}
