import { Badge, type Tone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { TamperVerdict } from '../../session/tamper-matrix.ts';

interface TamperMatrixRowView {
  mutationId: string;
  label: string;
  description: string;
  /** the requestState sent, shortened for the table (or "(omitted)") */
  sent: string;
  verdict: TamperVerdict;
  httpStatus?: number;
  summary: string;
  branchId?: string;
}

export interface TamperMatrixProps {
  rows: TamperMatrixRowView[];
  running: boolean;
  /** why the matrix cannot run now, if it cannot */
  disabledReason?: string;
  onRun: () => void;
  onOpenBranch: (conversationId: string) => void;
}

const VERDICT: Record<TamperVerdict, { text: string; tone: Tone }> = {
  rejected: { text: 'rejected', tone: 'good' },
  accepted: { text: 'accepted!', tone: 'bad' },
  refused: { text: 'tool error', tone: 'warn' },
  reasked: { text: 'asked again', tone: 'info' },
  broken: { text: 'no valid answer', tone: 'bad' },
  skipped: { text: 'skipped', tone: 'neutral' },
  waiting: { text: 'waiting', tone: 'info' },
  pending: { text: 'pending', tone: 'neutral' },
};

/**
 * One click sends every standard mutation of the paused leg's requestState, each on its own fork, and tabulates what
 * the server answered. "accepted!" on anything but the control row means the server trusted a state it should not.
 */
export function TamperMatrix({ rows, running, disabledReason, onRun, onOpenBranch }: TamperMatrixProps) {
  return (
    <section aria-label="Tamper matrix" className="space-y-2 rounded border border-red-200 bg-white p-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Tamper matrix</h3>
        <Button variant="danger" onClick={onRun} disabled={running || disabledReason !== undefined}>
          Run tamper matrix
        </Button>
        <span className="text-xs text-slate-600">
          {disabledReason ??
            'Sends each mutation of this leg’s requestState on its own fork; this draft stays as it is.'}
        </span>
      </div>
      {rows.length > 0 && (
        <table aria-label="Tamper matrix results" className="w-full table-fixed text-left text-xs">
          <thead>
            <tr className="border-b border-slate-200">
              <th className="w-1/4 py-1">Mutation</th>
              <th className="w-1/4">Sent requestState</th>
              <th className="w-14">HTTP</th>
              <th>Server answered</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.mutationId} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-1 pr-2 font-medium" title={r.description}>
                  {r.label}
                </th>
                <td className="pr-2 font-mono break-all">{r.sent}</td>
                <td>{r.httpStatus ?? ''}</td>
                <td>
                  <span className="flex flex-wrap items-start gap-1">
                    <Badge tone={VERDICT[r.verdict].tone}>{VERDICT[r.verdict].text}</Badge>
                    <span className="break-words">{r.summary}</span>
                    {r.branchId && (
                      <Button
                        variant="ghost"
                        className="px-1 py-0 text-xs"
                        aria-label={`Open the fork for ${r.label}`}
                        onClick={() => onOpenBranch(r.branchId ?? '')}
                      >
                        open
                      </Button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
