import { Badge, type Tone } from '../../components/ui/badge.tsx';
import { formatSpec, type LintFinding } from '../../protocol/lint/lint-types.ts';

const TONES: Record<LintFinding['severity'], Tone> = { error: 'bad', warning: 'warn', info: 'neutral' };

/** Protocol lint findings of one leg, each with its severity, rule id and the spec section it comes from. */
export function LintList({ findings }: { findings: readonly LintFinding[] }) {
  if (findings.length === 0) {
    return <p className="text-sm text-emerald-800">No protocol findings on this leg.</p>;
  }
  return (
    <ul aria-label="Lint findings" className="space-y-2">
      {findings.map((f, i) => (
        <li key={`${f.rule}-${i}`} className="rounded border border-slate-200 p-2 text-xs">
          <p className="flex flex-wrap items-center gap-1.5">
            <Badge tone={TONES[f.severity]}>{f.severity}</Badge>
            <code className="font-semibold">{f.rule}</code>
            <span className="text-slate-500">{f.side} side</span>
            {f.byYou && <Badge tone="info">{f.byYou}</Badge>}
          </p>
          <p className="mt-1 text-slate-800">{f.message}</p>
          <p className="mt-1 text-slate-500">
            Spec:{' '}
            <a href={f.spec.url} target="_blank" rel="noreferrer noopener" className="text-indigo-700 underline">
              {formatSpec(f.spec)}
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}
