import { memo } from 'react';
import { badgeTone, type Tone } from '../../components/ui/badge.tsx';
import type { LegRow as LegRowData } from '../../session/timeline/timeline-rows.ts';
import { legDetailsText, lintText, ms, outcomeText } from './row-text.ts';

function outcomeTone(row: LegRowData): Tone {
  if (row.outcome === 'complete') return 'good';
  if (row.outcome === 'input_required') return 'info';
  return 'bad';
}

/** A badge drawn as one inline span (not an inline-block component): cheap to mount, lay out and paint. */
const BADGE = 'rounded px-1.5 py-px text-[11px] font-medium';

/**
 * One leg: the whole row is one button (the only control in its list item). A fast scroll mounts every visible row
 * afresh each frame, so the row is kept light to keep those frames short: each piece of text is one string (one DOM
 * text node), the badges are inline spans, the second line is one text, and the round and the duration are placed
 * absolutely instead of with a grid.
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
  const lint = lintText(row.lint);
  const details = legDetailsText(row);
  return (
    <button
      type="button"
      onClick={() => onSelect(row.legId, row.conversationId)}
      aria-pressed={selected}
      className={`relative block h-full w-full overflow-hidden rounded py-1 pr-22 pl-14 text-left text-xs whitespace-nowrap ${selected ? 'bg-indigo-100' : 'hover:bg-slate-100'}`}
    >
      {/* The name is the visible text, led by what the timeline contract names: "Round N <method> <target>:". */}
      <span className="sr-only">{`Round ${row.round} ${row.method} ${row.target}: `}</span>
      <span aria-hidden="true" className="absolute top-1 left-2 font-mono text-slate-500">
        {`#${row.round}`}
      </span>
      {/* inline badges: the spaces between them are text, so the name reads "input_required HTTP 200" */}
      <span className="block overflow-hidden">
        <span aria-hidden="true" className="font-mono">
          {row.method}
        </span>{' '}
        <span className={`${BADGE} ${badgeTone(outcomeTone(row))}`}>{outcomeText(row)}</span>
        {(row.httpStatus !== undefined || row.overStdio) && ' '}
        {(row.httpStatus !== undefined || row.overStdio) && (
          <span className={`${BADGE} ${badgeTone('neutral')}`}>
            {row.overStdio ? 'stdio' : `HTTP ${row.httpStatus}`}
          </span>
        )}
        {lint && ' '}
        {lint && (
          <span
            className={`${BADGE} ${badgeTone(row.lint.error ? 'bad' : row.lint.warning ? 'warn' : 'neutral')}`}
            title={row.lintRules.join('\n')}
          >
            {`lint: ${lint}`}
          </span>
        )}
        {row.stateEdited && ' '}
        {row.stateEdited && <span className={`${BADGE} ${badgeTone('bad')}`}>edited by you</span>}
        {row.bodyEdited && ' '}
        {row.bodyEdited && <span className={`${BADGE} ${badgeTone('bad')}`}>body edited</span>}
      </span>
      <span className="absolute top-1 right-2 font-mono text-slate-600">{ms(row.durationMs)}</span>
      {row.httpStatus === undefined && !row.overStdio && <span className="sr-only">no HTTP response</span>}
      {details && <span className="block overflow-hidden text-slate-600">{details}</span>}
    </button>
  );
});
