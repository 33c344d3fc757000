import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { BranchSummary } from '../../session/selectors.ts';

interface ForkPoint {
  legId: string;
  round: number;
  /** the leg answered an elicitation, so "decline instead" makes sense */
  canDecline: boolean;
}

export interface BranchesPanelProps {
  branches: BranchSummary[];
  selectedId: string;
  /** legs of the original call that can be forked in one click */
  forkPoints: ForkPoint[];
  busy: boolean;
  onOpen: (conversationId: string) => void;
  onDeclineInstead: (legId: string) => void;
  onReplay: (legId: string) => void;
}

/** A call and its branches side by side with their outcomes; "what if" forks of the original in one click. */
export function BranchesPanel(p: BranchesPanelProps) {
  const shown = p.branches.filter((b) => !b.tamper);
  const tamperForks = p.branches.length - shown.length;
  return (
    <section aria-label="Branches" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <h3 className="text-sm font-semibold">Branches of this call</h3>
      {p.forkPoints.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {p.forkPoints.map((f) => (
            <span key={f.legId} className="flex gap-1">
              {f.canDecline && (
                <Button disabled={p.busy} onClick={() => p.onDeclineInstead(f.legId)}>
                  What if I had declined (round {f.round})
                </Button>
              )}
              <Button disabled={p.busy} onClick={() => p.onReplay(f.legId)}>
                Replay round {f.round}
              </Button>
            </span>
          ))}
        </div>
      )}
      <ul aria-label="Branch outcomes" className="grid gap-2 md:grid-cols-2 xl:grid-cols-3">
        {shown.map((b) => (
          <li
            key={b.id}
            aria-current={b.id === p.selectedId ? 'true' : undefined}
            className={`space-y-1 rounded border p-2 text-xs ${b.id === p.selectedId ? 'border-indigo-400 bg-indigo-50' : 'border-slate-200'}`}
          >
            <div className="flex flex-wrap items-center gap-1">
              <span className="font-semibold">{b.isOriginal ? 'original' : (b.forkPoint ?? 'branch')}</span>
              <Badge tone={b.status === 'complete' ? 'good' : b.status === 'error' ? 'bad' : 'info'}>{b.status}</Badge>
              {b.stateEdited && <Badge tone="bad">state edited</Badge>}
            </div>
            <p className="font-mono break-all text-slate-500">{b.title}</p>
            {b.sent.length > 0 && <p className="text-slate-700">sent {b.sent.join('; ')}</p>}
            <p className="break-words text-slate-900">{b.outcome}</p>
            {b.id !== p.selectedId && (
              <Button
                variant="ghost"
                className="px-1 py-0 text-xs"
                // the visible words first (WCAG 2.5.3 label in name), then which branch it opens
                aria-label={`Open ${b.isOriginal ? 'original' : 'branch'}: ${b.title}`}
                onClick={() => p.onOpen(b.id)}
              >
                Open {b.isOriginal ? 'original' : 'branch'}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {tamperForks > 0 && (
        <p className="text-xs text-slate-500">
          {tamperForks} tamper-matrix fork{tamperForks === 1 ? '' : 's'} not shown here: see the tamper matrix.
        </p>
      )}
    </section>
  );
}
