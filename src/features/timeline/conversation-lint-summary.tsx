import { Badge, type Tone } from '../../components/ui/badge.tsx';
import { formatSpec, type LintSeverity } from '../../protocol/lint/lint-types.ts';
import type { ConversationLint } from '../../session/lint-session.ts';
import { lintText } from './row-text.ts';

const TONES: Record<LintSeverity, Tone> = { error: 'bad', warning: 'warn', info: 'neutral' };

/** Protocol findings of a whole conversation: totals per rule, then each finding with its round. */
export function ConversationLintSummary({
  lint,
  onSelectLeg,
}: {
  lint: ConversationLint;
  onSelectLeg: (legId: string) => void;
}) {
  if (lint.findings.length === 0) {
    return <p className="text-sm text-emerald-800">No protocol findings in this conversation.</p>;
  }
  return (
    <div className="space-y-2 text-xs">
      <p className="font-semibold">{lintText(lint.counts)}</p>
      <table aria-label="Findings by rule" className="text-left">
        <tbody>
          {lint.rules.map((r) => (
            <tr key={r.rule}>
              <td className="pr-2">
                <Badge tone={TONES[r.severity]}>{r.severity}</Badge>
              </td>
              <th scope="row" className="pr-2 font-mono font-normal">
                {r.rule}
              </th>
              <td>
                {r.count} leg{r.count === 1 ? '' : 's'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Conversation findings" className="space-y-1">
        {lint.findings.slice(0, 200).map(({ legId, round, finding }, i) => (
          <li key={`${legId}-${finding.rule}-${i}`} className="rounded border border-slate-200 p-1.5">
            <button type="button" className="mr-1 font-mono underline" onClick={() => onSelectLeg(legId)}>
              Round {round}
            </button>
            <Badge tone={TONES[finding.severity]}>{finding.severity}</Badge> <code>{finding.rule}</code>
            {finding.byYou && <Badge tone="info">{finding.byYou}</Badge>}
            <p className="mt-0.5">{finding.message}</p>
            <p className="text-slate-500">{formatSpec(finding.spec)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
