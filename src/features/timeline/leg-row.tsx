import { memo } from 'react';
import { Badge, type Tone } from '../../components/ui/badge.tsx';
import type { LegRow as LegRowData } from '../../session/timeline-rows.ts';
import { lintText, ms, outcomeText } from './format.ts';

function outcomeTone(row: LegRowData): Tone {
  if (row.outcome === 'complete') return 'good';
  if (row.outcome === 'input_required') return 'info';
  return 'bad';
}

/**
 * One leg: the whole row is one button (the only control in its list item). Each piece of text is one string (one
 * DOM text node, one layout object): a fast scroll mounts every visible row afresh each frame (issue #20).
 */
export const LegRowButton = memo(function LegRowButton({
  row,
  selected,
  onSelect,
}: {
  row: LegRowData;
  selected: boolean;
  /** stable across renders (the row is memoised): gets the leg and its conversation */
  onSelect: (legId: string, conversationId: string) => void;
}) {
  const outcome = outcomeText(row);
  const lint = lintText(row.lint);
  return (
    <button
      type="button"
      onClick={() => onSelect(row.legId, row.conversationId)}
      aria-pressed={selected}
      className={`grid h-full w-full grid-cols-[2.5rem_minmax(0,1fr)_4.5rem] gap-x-2 overflow-hidden rounded px-2 py-1 text-left text-xs ${selected ? 'bg-indigo-100' : 'hover:bg-slate-100'}`}
    >
      {/* The name is the visible text, led by what the timeline contract names: "Round N <method> <target>:". */}
      <span className="sr-only">{`Round ${row.round} ${row.method} ${row.target}: `}</span>
      <span aria-hidden="true" className="row-span-2 font-mono text-slate-500">
        {`#${row.round}`}
      </span>
      <span className="flex items-center gap-1 overflow-hidden whitespace-nowrap">
        <span aria-hidden="true" className="font-mono">
          {row.method}
        </span>
        <Badge tone={outcomeTone(row)}>{outcome}</Badge>
        {row.httpStatus !== undefined && <Badge>{`HTTP ${row.httpStatus}`}</Badge>}
        {lint && (
          <Badge tone={row.lint.error ? 'bad' : row.lint.warning ? 'warn' : 'neutral'} title={row.lintRules.join('\n')}>
            {`lint: ${lint}`}
          </Badge>
        )}
        {row.stateEdited && <Badge tone="bad">edited by you</Badge>}
        {row.bodyEdited && <Badge tone="bad">body edited</Badge>}
      </span>
      <span className="row-span-2 text-right font-mono text-slate-600">{ms(row.durationMs)}</span>
      {row.httpStatus === undefined && <span className="sr-only">no HTTP response</span>}
      <span className="flex items-center gap-2 overflow-hidden whitespace-nowrap text-slate-600">
        {row.asked.length > 0 && <span>{`asks ${row.asked.join(', ')}`}</span>}
        {row.answered.length > 0 && <span>{`answers ${row.answered.join(', ')}`}</span>}
        {row.stateSize !== undefined && (
          <span className="text-slate-500">{`state ${row.stateSize} B ${row.stateChanged ? '(new)' : '(same)'}`}</span>
        )}
        {row.instance && <span>{`instance ${row.instance}`}</span>}
        {row.viaRelay && <span>relay</span>}
        {row.thinkMs !== undefined && <span className="text-slate-500">{`think ${ms(row.thinkMs)}`}</span>}
      </span>
    </button>
  );
});
