import { Fragment } from 'react';
import { useToggleSet } from '../../components/ui/use-toggle-set.ts';
import type { Waterfall, WaterfallBar } from '../../session/timeline/timeline-waterfall.ts';

function ms(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`;
}

function pct(n: number, span: number): string {
  return `${span > 0 ? (n / span) * 100 : 0}%`;
}

/**
 * The time axis of one conversation: for each round, the human think time before it (hatched) and the server time
 * of the leg (solid), on a shared scale. A table, so the numbers read without the bars. A task's polls that saw the
 * same status are one row with a count (the span from the first poll to the last, a tick per poll); "×N" expands it
 * into one row per poll.
 */
export function WaterfallView({
  data,
  selectedLegId,
  onSelectLeg,
}: {
  data: Waterfall;
  selectedLegId: string | null;
  onSelectLeg: (legId: string) => void;
}) {
  const [open, toggle] = useToggleSet();
  if (data.bars.length === 0) return <p className="text-sm text-slate-500">No legs recorded yet.</p>;
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-700">
        Total {ms(data.spanMs)}: server {ms(data.serverMs)}, think time {ms(data.thinkMs)}
        {data.spanMs > 0 ? ` (${Math.round((data.thinkMs / data.spanMs) * 100)}% waiting for a person)` : ''}.
      </p>
      <table aria-label="Waterfall" className="w-full table-fixed text-xs">
        <thead>
          <tr className="text-left text-slate-500">
            <th scope="col" className="w-24 font-normal">
              Round
            </th>
            <th scope="col" className="w-20 font-normal">
              Think
            </th>
            <th scope="col" className="w-20 font-normal">
              Server
            </th>
            <th scope="col" className="font-normal">
              <span className="sr-only">Time axis</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.bars.map((bar) => (
            <Fragment key={bar.legId}>
              <BarRow
                bar={bar}
                span={data.spanMs}
                selected={bar.legId === selectedLegId}
                onSelect={() => onSelectLeg(bar.legId)}
                expanded={open.has(bar.legId)}
                onToggle={() => toggle(bar.legId)}
              />
              {bar.polls &&
                open.has(bar.legId) &&
                bar.polls.map((poll, i) => (
                  <BarRow
                    key={poll.legId}
                    bar={{
                      ...bar,
                      legId: poll.legId,
                      thinkMs: 0,
                      serverStart: poll.start,
                      serverMs: poll.ms,
                      polls: undefined,
                      spanMs: undefined,
                    }}
                    label={`#${bar.round}.${i + 1}`}
                    span={data.spanMs}
                    selected={poll.legId === selectedLegId}
                    onSelect={() => onSelectLeg(poll.legId)}
                  />
                ))}
            </Fragment>
          ))}
        </tbody>
      </table>
      <p className="flex gap-3 text-xs text-slate-500">
        <span>
          <span className="mr-1 inline-block h-2 w-4 bg-amber-300" aria-hidden="true" />
          think time (you)
        </span>
        <span>
          <span className="mr-1 inline-block h-2 w-4 bg-indigo-600" aria-hidden="true" />
          server time
        </span>
      </p>
    </div>
  );
}

function BarRow({
  bar,
  span,
  selected,
  onSelect,
  label,
  expanded,
  onToggle,
}: {
  bar: WaterfallBar;
  span: number;
  selected: boolean;
  onSelect: () => void;
  label?: string;
  expanded?: boolean;
  onToggle?: () => void;
}) {
  const polls = bar.polls;
  return (
    <tr className={selected ? 'bg-indigo-50' : ''}>
      <th scope="row" className="text-left font-mono font-normal">
        <button type="button" className="underline" onClick={onSelect}>
          {label ?? `#${bar.round}`}
        </button>
        {polls && onToggle && (
          <button
            type="button"
            className="ml-1 rounded border border-slate-300 px-1"
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Hide' : 'Show'} the ${polls.length} polls of round ${bar.round}`}
            onClick={onToggle}
          >
            ×{polls.length}
          </button>
        )}
      </th>
      <td className="font-mono">{bar.thinkMs > 0 ? ms(bar.thinkMs) : '–'}</td>
      <td className="font-mono">{polls ? `${ms(bar.serverMs)} in ${polls.length} polls` : ms(bar.serverMs)}</td>
      <td aria-hidden="true">
        <div className="relative h-3 w-full rounded bg-slate-100">
          {bar.thinkMs > 0 && (
            <div
              className="absolute top-0 h-3 rounded bg-[repeating-linear-gradient(45deg,#fcd34d_0_3px,#fef3c7_3px_6px)]"
              style={{ left: pct(bar.thinkStart, span), width: pct(bar.thinkMs, span) }}
            />
          )}
          {polls ? (
            <>
              <div
                className="absolute top-1 h-1 rounded bg-indigo-200"
                style={{ left: pct(bar.serverStart, span), width: pct(bar.spanMs ?? 0, span) }}
              />
              {polls.map((p) => (
                <div
                  key={p.legId}
                  className="absolute top-0 h-3 min-w-[2px] rounded bg-indigo-600"
                  style={{ left: pct(p.start, span), width: pct(p.ms, span) }}
                />
              ))}
            </>
          ) : (
            <div
              className="absolute top-0 h-3 min-w-[2px] rounded bg-indigo-600"
              style={{ left: pct(bar.serverStart, span), width: pct(bar.serverMs, span) }}
            />
          )}
        </div>
      </td>
    </tr>
  );
}
