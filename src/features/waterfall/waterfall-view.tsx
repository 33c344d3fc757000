import type { Waterfall } from '../../session/timeline-waterfall.ts';

function ms(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`;
}

function pct(n: number, span: number): string {
  return `${span > 0 ? (n / span) * 100 : 0}%`;
}

/**
 * The time axis of one conversation: for each round, the human think time before it (hatched) and the server time
 * of the leg (solid), on a shared scale. A table, so the numbers read without the bars.
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
            <th scope="col" className="w-14 font-normal">
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
            <tr key={bar.legId} className={bar.legId === selectedLegId ? 'bg-indigo-50' : ''}>
              <th scope="row" className="text-left font-mono font-normal">
                <button type="button" className="underline" onClick={() => onSelectLeg(bar.legId)}>
                  #{bar.round}
                </button>
              </th>
              <td className="font-mono">{bar.thinkMs > 0 ? ms(bar.thinkMs) : '–'}</td>
              <td className="font-mono">{ms(bar.serverMs)}</td>
              <td aria-hidden="true">
                <div className="relative h-3 w-full rounded bg-slate-100">
                  {bar.thinkMs > 0 && (
                    <div
                      className="absolute top-0 h-3 rounded bg-[repeating-linear-gradient(45deg,#fcd34d_0_3px,#fef3c7_3px_6px)]"
                      style={{ left: pct(bar.thinkStart, data.spanMs), width: pct(bar.thinkMs, data.spanMs) }}
                    />
                  )}
                  <div
                    className="absolute top-0 h-3 min-w-[2px] rounded bg-indigo-600"
                    style={{ left: pct(bar.serverStart, data.spanMs), width: pct(bar.serverMs, data.spanMs) }}
                  />
                </div>
              </td>
            </tr>
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
