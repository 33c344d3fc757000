import { Badge, type Tone } from '../../components/ui/badge.tsx';
import type { CheckResult, CheckStatus } from '../../session/audit/audit-checks.ts';
import type { Scorecard } from '../../session/audit/audit-report.ts';

const TONE: Record<CheckStatus, Tone> = { pass: 'good', warn: 'warn', fail: 'bad', skip: 'neutral' };
const MARK: Record<CheckStatus, string> = { pass: 'PASS', warn: 'WARN', fail: 'FAIL', skip: 'skipped' };

/** One check: its verdict and evidence; a failure or warning also names the spec text and the fix. */
export function CheckRow({ check }: { check: CheckResult }) {
  const [first, ...rest] = check.evidence.split('\n');
  const explain = check.status === 'fail' || check.status === 'warn';
  return (
    <li aria-label={`${MARK[check.status]} ${check.title}`} className="space-y-0.5 border-t border-slate-100 py-1">
      <p className="flex flex-wrap items-baseline gap-2">
        <Badge tone={TONE[check.status]}>{MARK[check.status]}</Badge>
        <span className="font-medium">{check.title}</span>
      </p>
      <p className="break-words text-xs text-slate-700">{first}</p>
      {rest.length > 0 && (
        <pre className="whitespace-pre-wrap break-all font-mono text-xs text-slate-700">{rest.join('\n')}</pre>
      )}
      {explain && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
          <dt className="font-semibold">Spec</dt>
          <dd className="break-words">{check.spec}</dd>
          <dt className="font-semibold">Fix</dt>
          <dd className="break-words">{check.fix}</dd>
        </dl>
      )}
    </li>
  );
}

/** A target's scorecard: what it asks, its score and every check. */
export function ScorecardView({ card }: { card: Scorecard }) {
  const s = card.score;
  const label = `${card.method} ${card.name}`;
  return (
    <article aria-label={`Scorecard ${label}`} className="rounded border border-slate-200 p-2">
      <h4 className="flex flex-wrap items-baseline gap-2 text-sm">
        <span className="font-semibold break-all">{label}</span>
        <span className="text-xs text-slate-600">asks {card.asks.join(', ') || 'nothing (state only)'}</span>
        <span className="ml-auto font-semibold">{s.percent}%</span>
      </h4>
      <p className="text-xs text-slate-600">
        {s.pass} pass, {s.warn} warn, {s.fail} fail, {s.skip} skipped
      </p>
      <ul aria-label={`Checks of ${label}`} className="mt-1 text-sm">
        {card.checks.map((c) => (
          <CheckRow key={c.id} check={c} />
        ))}
      </ul>
    </article>
  );
}
