import { Badge } from '../../components/ui/badge.tsx';
import { factsLine, type Difference, type RoundComparison } from '../../session/flows/compare-legs.ts';

/** One difference as a readable diff: the field (and content path), then run A's value and run B's. */
function DifferenceLines({ d, a, b }: { d: Difference; a: string; b: string }) {
  return (
    <li className="rounded border border-slate-200 bg-white p-1.5">
      <p className="font-semibold">
        {d.field}
        {d.path ? (
          <>
            {' at '}
            <code className="font-normal">{d.path}</code>
          </>
        ) : null}
      </p>
      <pre className="whitespace-pre-wrap break-all font-mono text-xs">
        <span className="block bg-red-50 text-red-900">
          - {a}: {d.recorded}
        </span>
        <span className="block bg-green-50 text-green-900">
          + {b}: {d.live}
        </span>
      </pre>
    </li>
  );
}

/** Round by round: "same" with what both answered, or "differs" with every difference as - A / + B lines. */
export function RoundDiff({ rounds, a = 'A', b = 'B' }: { rounds: RoundComparison[]; a?: string; b?: string }) {
  return (
    <ol aria-label="Rounds compared" className="space-y-2 text-sm">
      {rounds.map((r) => {
        const same = r.differences.length === 0;
        return (
          <li key={r.round} aria-label={`Round ${r.round}: ${same ? 'same' : 'differs'}`} className="space-y-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">Round {r.round}</span>
              {same ? <Badge tone="good">same</Badge> : <Badge tone="warn">differs</Badge>}
              <span className="text-xs text-slate-600">
                {a}: {factsLine(r.recorded)} · {b}: {factsLine(r.live)}
              </span>
            </p>
            {!same && (
              <ul className="space-y-1 pl-4">
                {r.differences.map((d, i) => (
                  <DifferenceLines key={i} d={d} a={a} b={b} />
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
