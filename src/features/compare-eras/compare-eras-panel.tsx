import { Button } from '../../components/ui/button.tsx';
import type { EraComparison, EraFigures } from '../../session/flows/compare-eras.ts';
import { groupDigits } from '../../lib/text.ts';

export interface CompareErasPanelProps {
  comparison?: EraComparison;
  running: boolean;
  error?: string;
  /** the call cannot be compared now (a leg in flight, a run going on) */
  disabled: boolean;
  onCompare: () => void;
}

const ERA_TITLE = { modern: '2026-07-28', legacy: '2025-11-25' } as const;

const ROWS: [string, (f: EraFigures) => string][] = [
  ['HTTP round trips', (f) => String(f.httpRoundTrips)],
  ['Messages client → server', (f) => String(f.clientMessages)],
  ['Messages server → client', (f) => String(f.serverMessages)],
  ['Questions asked', (f) => String(f.questions)],
  ['Bytes sent', (f) => groupDigits(f.bytesSent)],
  ['Bytes received', (f) => groupDigits(f.bytesReceived)],
  ['Time', (f) => `${f.ms} ms`],
  ['Outcome', (f) => `${f.outcome}: ${f.summary}`],
];

function Sequence({ figures }: { figures: EraFigures }) {
  const title = `Sequence ${ERA_TITLE[figures.era]}`;
  return (
    <div className="min-w-0 flex-1">
      <h4 className="text-xs font-semibold">{title}</h4>
      <ol aria-label={title} className="mt-1 space-y-0.5 font-mono text-xs">
        {figures.arrows.map((a, i) => (
          <li key={i} className={a.from === 'client' ? 'text-left text-sky-800' : 'text-right text-emerald-800'}>
            {a.from === 'client' ? `client → server: ${a.text}` : `${a.text} :server → client`}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The same call with the same answers on 2026-07-28 and on 2025-11-25, lined up. */
export function CompareErasPanel(p: CompareErasPanelProps) {
  const c = p.comparison;
  return (
    <section aria-label="Compare eras" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Compare eras</h3>
        <Button aria-disabled={p.disabled || p.running} onClick={() => !(p.disabled || p.running) && p.onCompare()}>
          {p.running ? 'Comparing…' : 'Compare eras'}
        </Button>
      </div>
      <p className="text-xs text-slate-600">
        Runs this call again on 2026-07-28 (input_required rounds) and on 2025-11-25 (initialize, a session, the server
        pushing its questions), answering with the answers you gave here (or the form defaults).
      </p>
      {p.error && (
        <p role="alert" className="text-sm text-red-700">
          The comparison failed: {p.error}
        </p>
      )}
      {c && (
        <>
          <table aria-label="Eras side by side" className="w-full text-left text-xs">
            <thead>
              <tr>
                <th scope="col">Figure</th>
                <th scope="col">{ERA_TITLE.modern}</th>
                <th scope="col">{ERA_TITLE.legacy}</th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row" className="font-normal text-slate-600">
                    {label}
                  </th>
                  <td>{value(c.modern)}</td>
                  <td>{value(c.legacy)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex gap-4">
            <Sequence figures={c.modern} />
            <Sequence figures={c.legacy} />
          </div>
          {c.pitfall && (
            <div
              role="note"
              aria-label={c.pitfall.title}
              className="rounded border border-red-200 bg-red-50 p-2 text-sm"
            >
              <p className="font-semibold">{c.pitfall.title}</p>
              <p>{c.pitfall.detail}</p>
              <p className="mt-1">Fix: {c.pitfall.fix}</p>
            </div>
          )}
        </>
      )}
    </section>
  );
}
